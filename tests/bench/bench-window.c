/* bench-window.c: to be written */
int main (void) { return 77; }
