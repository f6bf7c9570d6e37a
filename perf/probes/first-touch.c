// The cost of memory a build must write into: calloc N MiB, touch one byte per 4 KiB page (the
// kernel faults each page in and zeroes it), then read the now-resident memory once at 64-byte
// stride (what hitindex-bench's streamMs measures). Three repetitions.
//
//   cc -O2 -o /tmp/first-touch perf/probes/first-touch.c && /tmp/first-touch 270
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 2 || atoi(argv[1]) <= 0) {
        fprintf(stderr, "usage: %s MIB\n", argv[0]);
        return 2;
    }
    size_t bytes = (size_t)atoi(argv[1]) << 20;
    for (int r = 0; r < 3; r++) {
        double t0 = now_ms();
        volatile char *p = calloc(bytes, 1);
        if (!p) return 1;
        for (size_t i = 0; i < bytes; i += 4096) p[i] = 1;
        double t1 = now_ms();
        long sum = 0;
        for (size_t i = 0; i < bytes; i += 64) sum += p[i];
        double t2 = now_ms();
        printf("%s MiB: first touch %.1f ms (%.2f us a page), resident read %.1f ms (sum %ld)\n", argv[1],
               t1 - t0, (t1 - t0) * 1e3 / (bytes / 4096), t2 - t1, sum);
        free((void *)p);
    }
    return 0;
}
