/* A plain recursive bitmask n-queens counter with first-row half-mirroring:
 * the yardstick the P1 speed target is stated against ("a plain recursive C
 * bitmask counter with half-mirroring, gcc -O3"), and an example of an
 * outside solver program for `nqueens bench --command`. Written for this
 * project. Build: gcc -O3 -o plain plain.c    Run: ./plain 16 (prints the count) */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long solve(unsigned full, unsigned cols, unsigned ld, unsigned rd) {
    if (cols == full) return 1;
    unsigned long long count = 0;
    unsigned avail = full & ~(cols | ld | rd);
    while (avail) {
        unsigned bit = avail & -avail;
        avail ^= bit;
        count += solve(full, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1 || n > 32) { fprintf(stderr, "n must be 1..32\n"); return 2; }
    unsigned full = n == 32 ? 0xffffffffu : (1u << n) - 1;
    unsigned long long total = 0;
    for (int c = 0; c < n / 2; c++) {
        unsigned bit = 1u << c;
        total += 2 * solve(full, bit, bit << 1, bit >> 1);
    }
    if (n % 2) {
        unsigned bit = 1u << (n / 2);
        total += solve(full, bit, bit << 1, bit >> 1);
    }
    printf("%llu\n", total);
    return 0;
}
