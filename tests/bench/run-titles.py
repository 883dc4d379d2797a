#!/usr/bin/env python3
# run-titles.py: how well derived titles name the paper, list by list
#
# Copyright 2026 The Proceedings authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# For lists whose abstracts come with their official titles, derives a
# title from each abstract alone (bench-titles, that is proc_title_derive)
# and counts the derived titles that name the paper: they share at least
# a third of the official title's content words (stop words and words
# under three letters left out, case folded, a final plural s folded), or
# contain its method name (a CamelCase or acronym word of the official
# title, or before its colon an acronym or a lone capitalised word).  Also
# counts the titles over ten words and the cut sentences (four words or
# more of the title, or of what follows its colon, copied in a row from
# the abstract with a verb among them, or a final "…"), both 0 by design.  Then times the derivation on the first 10,000
# paragraphs of the benchmark corpus.
#
#   meson test -C _build --benchmark titles
#   run-titles.py --bench-titles BIN --shared DIR [--json OUT] [--show LIST]

import argparse
import json
import lzma
import math
import os
import re
import subprocess
import sys

STOP_WORDS = set('''
a about above across after again against all also am among an and any are as at be
because been before being below between both but by can could did do does doing down
during each few for from further had has have having her here hers him his how i if in
into is it its itself just let me more most my no nor not now of off on once only or
other our ours out over own same she should so some such than that the their theirs them
then there these they this those through to too under until up upon very via was we were
what when where which while who whom why will with within without would you your yours
toward towards versus vs using use based beyond new one two via
'''.split())


def log(message):
    print(message, file=sys.stderr, flush=True)


def fold(word):
    word = word.lower()
    if len(word) > 4 and word.endswith('ies'):
        return word[:-3] + 'y'
    if len(word) > 3 and word.endswith('s') and not word.endswith('ss') and not word.endswith('us'):
        return word[:-1]
    return word


def words(text):
    return re.findall(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?", text)


def content_words(text):
    return {fold(w) for w in words(text)
            if len(w) >= 3 and w.lower() not in STOP_WORDS}


def method_names(title):
    """CamelCase words of the official title ("FlashAttention"), and before
    its colon its acronyms and a lone capitalised word ("LTM: …")."""
    names = set()
    head = title.split(':', 1)[0] if ':' in title else ''
    for part, before_colon in ((title, False), (head, True)):
        for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9\-]*", part):
            letters = re.sub(r'[^A-Za-z]', '', w)
            if len(letters) < 2 or w.lower() in STOP_WORDS:
                continue
            camel = re.search(r'[a-z][A-Z]', w) is not None
            acronym = letters.isupper()
            if camel or (before_colon and acronym):
                names.add(w.lower())
    if len(head.split()) == 1 and re.search(r'[A-Z]', head):
        names.add(head.strip().lower())
    return names


def names_paper(derived, official):
    official_words = content_words(official)
    shared = content_words(derived) & official_words
    if official_words and 3 * len(shared) >= len(official_words):
        return True
    derived_tokens = {w.lower() for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9\-]*", derived)}
    return any(name in derived_tokens for name in method_names(official))


def normal_words(text):
    return [w.lower() for w in re.findall(r"[A-Za-z0-9]+", text)]


# A title is a sentence when it has a verb: an auxiliary, a modal, "we",
# or one of the verbs abstracts open with (a list, not a parser).
VERBS = set('''
is are was were be been being has have had can could may might will would shall should
must does do did we our
achieve achieves achieved aim aims allow allows apply applies become becomes characterize
characterizes consist consists converge converged converges demonstrate demonstrates
enable enables exhibit exhibits gain gained gains generate generates have improve improves
involve involves lack lacks lead leads occur occurs offer offers outperform outperforms
perform performs pose poses propose proposes provide provides reduce reduces rely relies
remain remains require requires seek seeks show shows showed suffer suffers take takes
yield yields
'''.split())


def is_cut_sentence(derived, abstract):
    """An ellipsis, or four words or more copied in a row from the abstract
    with a verb among them: the start of one of its sentences."""
    if derived.endswith('…'):
        return True
    flat = ' ' + ' '.join(normal_words(abstract)) + ' '
    parts = [derived]
    if ': ' in derived:
        parts.append(derived.split(': ', 1)[1])
    for part in parts:
        w = normal_words(part)
        if (len(w) >= 4 and (' ' + ' '.join(w) + ' ') in flat and
                any(x in VERBS for x in w)):
            return True
    return False


# BibTeX, as far as these files need it

def bib_entries(text):
    """Each @entry's fields (lower-case names, raw values) of a BibTeX file."""
    entries = []
    for match in re.finditer(r'@(\w+)\s*\{', text):
        kind = match.group(1).lower()
        if kind in ('string', 'preamble', 'comment'):
            continue
        i = match.end()
        depth = 1
        start = i
        while i < len(text) and depth > 0:
            if text[i] == '{':
                depth += 1
            elif text[i] == '}':
                depth -= 1
            i += 1
        entries.append(bib_fields(text[start:i - 1]))
    return entries


def bib_fields(body):
    fields = {}
    for match in re.finditer(r'(\w+)\s*=\s*', body):
        name = match.group(1).lower()
        i = match.end()
        if i >= len(body):
            continue
        if body[i] == '{':
            depth = 0
            j = i
            while j < len(body):
                if body[j] == '{':
                    depth += 1
                elif body[j] == '}':
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            fields.setdefault(name, body[i + 1:j])
        elif body[i] == '"':
            j = body.find('"', i + 1)
            fields.setdefault(name, body[i + 1:j])
    return fields


def plain_title(title):
    title = re.sub(r'\\[a-zA-Z]+\s*', '', title)
    title = title.replace('{', '').replace('}', '')
    return re.sub(r'\s+', ' ', title).strip()


def seed_pairs(shared):
    """The seed abstracts, each with the official title of its PMLR record."""
    bib = os.path.join(shared, 'realworld', 'icml2024-seed-pmlr.bib')
    seeds = os.path.join(shared, 'seeds')
    if not os.path.exists(bib) or not os.path.isdir(seeds):
        return None
    with open(bib, encoding='utf-8') as f:
        records = [(plain_title(e['title']), set(normal_words(e.get('abstract', ''))))
                   for e in bib_entries(f.read()) if 'title' in e]
    pairs = []
    for name in sorted(os.listdir(seeds)):
        if not name.endswith('.txt'):
            continue
        with open(os.path.join(seeds, name), encoding='utf-8') as f:
            paragraphs = [p.strip() for p in f.read().split('\n\n')][1:]
        for abstract in paragraphs:
            if not abstract:
                continue
            mine = set(normal_words(abstract))
            best = max(records, key=lambda r: len(mine & r[1]) / max(1, len(mine | r[1])))
            pairs.append((abstract, best[0]))
    return pairs


def json_pairs(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding='utf-8') as f:
        data = json.load(f)
    return [(p['abstract'], p['title']) for p in data
            if p.get('abstract', '').strip() and p.get('title', '').strip()]


def bib_pairs(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding='utf-8') as f:
        entries = bib_entries(f.read())
    return [(e['abstract'], plain_title(e['title'])) for e in entries
            if e.get('abstract', '').strip() and e.get('title', '').strip()]


def derive(bench_titles, abstracts):
    data = '\0'.join(a.replace('\0', ' ') for a in abstracts).encode('utf-8')
    out = subprocess.run([bench_titles], input=data, stdout=subprocess.PIPE, check=True)
    lines = out.stdout.decode('utf-8').split('\n')
    timing = json.loads(lines[len(abstracts)])
    return lines[:len(abstracts)], timing


def corpus_abstracts(path, n):
    abstracts = []
    paragraph = []
    first = True
    with lzma.open(path, 'rt', encoding='utf-8') as source:
        for line in source:
            if first:
                first = False
                continue
            if line.strip():
                paragraph.append(line)
                continue
            if paragraph:
                abstracts.append(''.join(paragraph).strip())
                paragraph = []
                if len(abstracts) >= n:
                    break
    if paragraph and len(abstracts) < n:
        abstracts.append(''.join(paragraph).strip())
    return abstracts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--bench-titles', required=True)
    parser.add_argument('--shared', required=True)
    parser.add_argument('--json')
    parser.add_argument('--show', help='print every title of this list')
    parser.add_argument('--speed-paragraphs', type=int, default=10000)
    args = parser.parse_args()

    shared = os.path.abspath(args.shared)
    if not os.path.isdir(shared):
        print(f'{shared} is not here: no real-world lists to measure derived titles on (skipped).')
        return 77

    lists = [
        ('ICML 2024 seed', lambda: seed_pairs(shared)),
        ('ICML 2019', lambda: json_pairs(os.path.join(shared, 'realworld', 'icml2019.json'))),
        ('ACL 2022', lambda: bib_pairs(os.path.join(shared, 'realworld', 'acl2022.bib'))),
        ('COLM 2024', lambda: bib_pairs(os.path.join(shared, 'realworld', 'colm2024.bib'))),
    ]
    results = {}
    print(f'Derived titles against official titles ({shared}):')
    print(f"{'list':<16} {'papers':>6} {'name it':>8} {'rate':>6} {'>10 words':>10} {'cut':>5}")
    for name, load in lists:
        pairs = load()
        if not pairs:
            why = 'file missing' if pairs is None else 'no abstracts in the file'
            print(f'{name:<16} not measured ({why})')
            results[name] = None
            continue
        titles, _ = derive(args.bench_titles, [a for a, _ in pairs])
        hits = long = cut = 0
        for (abstract, official), derived in zip(pairs, titles):
            hit = names_paper(derived, official)
            hits += hit
            n_words = len(derived.split())
            long += n_words > 10
            is_cut = is_cut_sentence(derived, abstract)
            cut += is_cut
            if args.show == name:
                mark = '+' if hit else '-'
                print(f'  {mark} {derived}\n      [{official}]{" (cut)" if is_cut else ""}')
        rate = hits / len(pairs)
        print(f'{name:<16} {len(pairs):>6} {hits:>8} {rate:>6.0%} {long:>10} {cut:>5}')
        results[name] = {'papers': len(pairs), 'name_it': hits, 'rate': rate,
                         'over_10_words': long, 'cut_sentences': cut}

    corpus = os.path.join(shared, 'bench', 'abstracts-corpus.txt.xz')
    if os.path.exists(corpus) and args.speed_paragraphs > 0:
        abstracts = corpus_abstracts(corpus, args.speed_paragraphs)
        _, timing = derive(args.bench_titles, abstracts)
        speed = timing['count'] / max(timing['seconds'], 1e-9)
        print(f"Derivation: {timing['count']} abstracts of the corpus in {timing['seconds']:.2f} s, "
              f'{speed:,.0f} titles/s')
        results['speed'] = {'count': timing['count'], 'seconds': timing['seconds'],
                            'titles_per_second': speed}
    elif args.speed_paragraphs > 0:
        print(f'Derivation speed: {corpus} is not here (skipped).')

    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == '__main__':
    sys.exit(main())
