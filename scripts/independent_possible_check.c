/* A second, independent exact search for one published figure: Bulls and Cows (4 of 10 digits,
 * no repeats, 5,040 secrets) with every guess one of the secrets still possible. mmlib's search
 * (mmlib/core/optimal) finds 26,688 turns where REFERENCE.md lists 26,374 from fancidev's tests;
 * this program shares no code and no idea beyond the rules with it: no symmetry at all, plain
 * branch and bound over the member guesses of each set, the counting bound of REFERENCE.md's
 * fact (4) with 13 non-winning scores, and a memo keyed by a 128-bit hash of the set (emptied
 * when full, which costs time only).
 *
 * Every first guess is the same up to renaming digits and places, so the game is 1 turn for
 * 1234 plus, for each score s, the secrets scoring s (each one more turn) and the optimum of that
 * part. Arguments name the parts by bulls,cows; it prints each part's optimum (the turns its
 * secrets take from the second guess on) and the sum. data/possible_guesses_check.csv holds what
 * it printed beside mmlib's tree's values, and the command:
 *
 *     gcc -O2 -o bc_check scripts/independent_possible_check.c
 *     ./bc_check 2,2 1,3 0,4 3,0 2,1 2,0 1,2 0,3 0,0 1,0 1,1 0,2 0,1
 *
 * Memory: a 6.4 GB memo (2^28 entries). Time on this project's 2-core VM, beside other work: the
 * eleven smaller parts a few minutes in all, 1,260 secrets about 18 minutes, 1,440 about 22.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#define N 5040
#define WIN 20
#define PARTS 13
#define INF (1 << 30)
static uint8_t score[N][N];
static int lowertab[N + 1];
static long nodes = 0, wipes = 0;

typedef struct { uint64_t a, b; int value, exact; } Entry;
static Entry *table; static uint64_t tmask; static long used = 0;

static uint64_t mix(uint64_t x) { x += 0x9e3779b97f4a7c15ULL; x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL; return x ^ (x >> 31); }
static void key_of(const int *s, int n, uint64_t *a, uint64_t *b) {
  uint64_t h1 = 1469598103934665603ULL ^ n, h2 = 0x1234567ULL + n;
  for (int i = 0; i < n; i++) { h1 = mix(h1 ^ (uint64_t)s[i]); h2 = mix(h2 + 0x51ed27ULL * (uint64_t)(s[i] + 1)); }
  *a = h1; *b = h2 | 1; }
static Entry *find(uint64_t a, uint64_t b) {
  uint64_t i = a & tmask;
  while (table[i].b) { if (table[i].a == a && table[i].b == b) return &table[i]; i = (i + 1) & tmask; }
  return &table[i]; }
static void store(uint64_t a, uint64_t b, int value, int exact) {
  Entry *e = find(a, b);
  if (!e->b) { if ((uint64_t)(used + 1) * 2 > tmask) { memset(table, 0, sizeof(Entry) * (tmask + 1)); used = 0; wipes++; e = find(a, b); } used++; e->a = a; e->b = b; }
  e->value = value; e->exact = exact; }

typedef struct { int bound, g; } Cand;
static int cmpc(const void *x, const void *y) { const Cand *p = x, *q = y;
  return p->bound != q->bound ? p->bound - q->bound : p->g - q->g; }

/* exact cost of S (sum over its secrets of the guesses from here) if <= limit, else a value > limit */
static int cost(const int *S, int n, int limit) {
  if (n == 1) return 1;
  if (n == 2) return 3;
  uint64_t ka, kb; key_of(S, n, &ka, &kb);
  Entry *e = find(ka, kb);
  int lb = lowertab[n];
  if (e->b) { if (e->exact) return e->value; if (e->value > lb) lb = e->value; }
  if (lb > limit) return lb;
  nodes++;
  Cand *cand = malloc(sizeof(Cand) * n);
  int m = 0;
  for (int j = 0; j < n; j++) {
    int counts[21] = {0};
    const uint8_t *row = score[S[j]];
    for (int i = 0; i < n; i++) counts[row[S[i]]]++;
    int bound = n, singles = 1;
    for (int o = 0; o < 21; o++) if (o != WIN && counts[o]) { bound += lowertab[counts[o]]; if (counts[o] > 1) singles = 0; }
    if (singles) { store(ka, kb, bound, 1); free(cand); return bound; }  /* 2n - 1: nothing beats it */
    cand[m].bound = bound; cand[m].g = S[j]; m++;
  }
  qsort(cand, m, sizeof(Cand), cmpc);
  int best = limit + 1, found = 0;
  int *buf = malloc(sizeof(int) * n);
  for (int c = 0; c < m; c++) {
    if (cand[c].bound >= best) break;
    const uint8_t *row = score[cand[c].g];
    int counts[21] = {0}, start[21], pos[21];
    for (int i = 0; i < n; i++) counts[row[S[i]]]++;
    int at = 0;
    for (int o = 0; o < 21; o++) { start[o] = at; pos[o] = at; at += counts[o]; }
    for (int i = 0; i < n; i++) buf[pos[row[S[i]]]++] = S[i];
    /* parts largest first */
    int order[21], k = 0;
    for (int o = 0; o < 21; o++) if (o != WIN && counts[o] >= 3) order[k++] = o;
    for (int x = 1; x < k; x++) for (int y = x; y > 0 && counts[order[y]] > counts[order[y - 1]]; y--) {
      int t = order[y]; order[y] = order[y - 1]; order[y - 1] = t; }
    int run = cand[c].bound, ok = 1;
    for (int x = 0; x < k; x++) {
      int o = order[x], l = lowertab[counts[o]];
      int room = best - 1 - (run - l);
      int v = cost(buf + start[o], counts[o], room);
      run += v - l;
      if (run >= best) { ok = 0; break; }
    }
    if (ok && run < best) { best = run; found = 1; }
  }
  free(buf); free(cand);
  if (found) { store(ka, kb, best, 1); return best; }
  store(ka, kb, limit + 1 > lb ? limit + 1 : lb, 0);
  return limit + 1 > lb ? limit + 1 : lb;
}

int main(int argc, char **argv) {
  static int d[N][4]; int n = 0;
  for (int a = 0; a < 10; a++) for (int b = 0; b < 10; b++) for (int c = 0; c < 10; c++) for (int e = 0; e < 10; e++)
    if (a != b && a != c && a != e && b != c && b != e && c != e) { d[n][0] = a; d[n][1] = b; d[n][2] = c; d[n][3] = e; n++; }
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) {
    int bulls = 0, common = 0;
    for (int p = 0; p < 4; p++) { if (d[i][p] == d[j][p]) bulls++; for (int q = 0; q < 4; q++) if (d[i][p] == d[j][q]) common++; }
    score[i][j] = bulls * 5 + (common - bulls); }
  for (int k = 0; k <= N; k++) { int total = 0, level = 1, room = 1, left = k;
    while (left > 0) { int w = left < room ? left : room; total += w * level; left -= w; level++; room *= PARTS; if (room > N) room = N; }
    lowertab[k] = total; }
  tmask = (1ULL << 28) - 1; table = calloc(tmask + 1, sizeof(Entry));
  int grand = 1;
  for (int arg = 1; arg < argc; arg++) {
    int b, c; sscanf(argv[arg], "%d,%d", &b, &c);
    int S[N], m = 0;
    for (int j = 0; j < N; j++) if (score[0][j] == b * 5 + c) S[m++] = j;
    long before = nodes;
    int v = cost(S, m, INF);
    grand += v + m;
    printf("part %d,%d size %d: %d (%ld nodes, memo %ld, wiped %ld times)\n", b, c, m, v, nodes - before, used, wipes); fflush(stdout);
  }
  printf("sum over the parts given, plus 1 for the first guess and 1 per secret below it: %d\n", grand);
  return 0;
}
