// What reading a leaf block through atomics would cost the search (issue 26, step 3: the shared
// columns written in place need readers to load what the writer may be changing with atomic
// loads to stay clean under ThreadSanitizer). A block is the search's 192-byte leaf (eight lanes
// of Float bounds, keys, slots); the test is the eight-lane half-open containment of one point.
// Three readings of the same blocks: plain AVX loads (today), the four bound vectors assembled
// from sixteen relaxed 8-byte atomic loads, and those plus a stamp loaded before (acquire) and
// after (after an acquire fence), as a seqlock-style version check would. Each is timed over
// 4,000,000 random blocks, independent (a batch: loads of different queries overlap) and as a
// dependent chain (each block's address depends on the previous answer, as a descent's does).
//
//   cc -O2 -mavx2 -o /tmp/atomic-lanes perf/probes/atomic-lanes.c && /tmp/atomic-lanes 1000000
//
// The measurement needs x86-64 with AVX2 (build with -mavx2); elsewhere the probe says so and
// exits 2.
#if defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { float minX[8], minY[8], maxX[8], maxY[8]; uint32_t key[8], slot[8]; } __attribute__((aligned(64))) Leaf;
typedef struct { uint64_t stamp; uint64_t pad[7]; } __attribute__((aligned(64))) Stamp;

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static inline unsigned test_plain(const Leaf *l, float x, float y) {
    __m256 px = _mm256_set1_ps(x), py = _mm256_set1_ps(y);
    __m256 a = _mm256_cmp_ps(_mm256_load_ps(l->minX), px, _CMP_LE_OQ);
    __m256 b = _mm256_cmp_ps(px, _mm256_load_ps(l->maxX), _CMP_LT_OQ);
    __m256 c = _mm256_cmp_ps(_mm256_load_ps(l->minY), py, _CMP_LE_OQ);
    __m256 d = _mm256_cmp_ps(py, _mm256_load_ps(l->maxY), _CMP_LT_OQ);
    return _mm256_movemask_ps(_mm256_and_ps(_mm256_and_ps(a, b), _mm256_and_ps(c, d)));
}

static inline __m256 load_atomic8(const float *p) {
    const uint64_t *w = (const uint64_t *)p;
    uint64_t v0 = __atomic_load_n(w + 0, __ATOMIC_RELAXED), v1 = __atomic_load_n(w + 1, __ATOMIC_RELAXED);
    uint64_t v2 = __atomic_load_n(w + 2, __ATOMIC_RELAXED), v3 = __atomic_load_n(w + 3, __ATOMIC_RELAXED);
    return _mm256_castsi256_ps(_mm256_set_epi64x((long long)v3, (long long)v2, (long long)v1, (long long)v0));
}

static inline unsigned test_atomic(const Leaf *l, float x, float y) {
    __m256 px = _mm256_set1_ps(x), py = _mm256_set1_ps(y);
    __m256 a = _mm256_cmp_ps(load_atomic8(l->minX), px, _CMP_LE_OQ);
    __m256 b = _mm256_cmp_ps(px, load_atomic8(l->maxX), _CMP_LT_OQ);
    __m256 c = _mm256_cmp_ps(load_atomic8(l->minY), py, _CMP_LE_OQ);
    __m256 d = _mm256_cmp_ps(py, load_atomic8(l->maxY), _CMP_LT_OQ);
    return _mm256_movemask_ps(_mm256_and_ps(_mm256_and_ps(a, b), _mm256_and_ps(c, d)));
}

// A stamp per block in an array beside the blocks (in the block's own line it would cost bytes).
static inline unsigned test_stamped(const Leaf *l, const Stamp *s, uint64_t version, float x, float y, int *retry) {
    uint64_t s1 = __atomic_load_n(&s->stamp, __ATOMIC_ACQUIRE);
    unsigned m = test_atomic(l, x, y);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    uint64_t s2 = __atomic_load_n(&s->stamp, __ATOMIC_RELAXED);
    if (s1 != s2 || s1 > version) *retry += 1;
    return m;
}

int main(int argc, char **argv) {
    if (argc != 2 || strtoull(argv[1], 0, 10) == 0) {
        fprintf(stderr, "usage: %s BLOCKS\n", argv[0]);
        return 2;
    }
    size_t n = strtoull(argv[1], 0, 10);
    size_t q = 4000000;
    Leaf *L = aligned_alloc(64, n * sizeof(Leaf));
    Stamp *S = aligned_alloc(64, n * sizeof(Stamp));
    uint64_t r = 88172645463325252ull;
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 8; k++) {
            r ^= r << 13; r ^= r >> 7; r ^= r << 17;
            float x = (float)(r % 1000), y = (float)((r >> 20) % 1000);
            L[i].minX[k] = x; L[i].maxX[k] = x + 50; L[i].minY[k] = y; L[i].maxY[k] = y + 50;
            L[i].key[k] = k; L[i].slot[k] = (uint32_t)i;
        }
        S[i].stamp = 1;
    }
    uint32_t *idx = malloc(q * sizeof(uint32_t));
    float *px = malloc(q * sizeof(float)), *py = malloc(q * sizeof(float));
    for (size_t i = 0; i < q; i++) {
        r ^= r << 13; r ^= r >> 7; r ^= r << 17;
        idx[i] = (uint32_t)(r % n); px[i] = (float)((r >> 24) % 1000); py[i] = (float)((r >> 40) % 1000);
    }
    for (int rep = 0; rep < 3; rep++) {
        unsigned acc = 0; int retry = 0;
        double t0 = now();
        for (size_t i = 0; i < q; i++) acc += test_plain(&L[idx[i]], px[i], py[i]);
        double t1 = now();
        for (size_t i = 0; i < q; i++) acc += test_atomic(&L[idx[i]], px[i], py[i]);
        double t2 = now();
        for (size_t i = 0; i < q; i++) acc += test_stamped(&L[idx[i]], &S[idx[i]], 5, px[i], py[i], &retry);
        double t3 = now();
        // Dependent chain: the next block depends on the previous answer (as a tree descent does).
        size_t j = 0;
        double t4 = now();
        for (size_t i = 0; i < q; i++) { unsigned m = test_plain(&L[j], px[i], py[i]); acc += m; j = (idx[i] + m) % n; }
        double t5 = now();
        j = 0;
        for (size_t i = 0; i < q; i++) { unsigned m = test_atomic(&L[j], px[i], py[i]); acc += m; j = (idx[i] + m) % n; }
        double t6 = now();
        j = 0;
        for (size_t i = 0; i < q; i++) { unsigned m = test_stamped(&L[j], &S[j], 5, px[i], py[i], &retry); acc += m; j = (idx[i] + m) % n; }
        double t7 = now();
        printf("n=%zu independent ns: plain %.2f atomic %.2f stamped %.2f | dependent ns: plain %.2f atomic %.2f stamped %.2f (acc %u retry %d)\n",
               n, (t1 - t0) / q * 1e9, (t2 - t1) / q * 1e9, (t3 - t2) / q * 1e9, (t5 - t4) / q * 1e9, (t6 - t5) / q * 1e9,
               (t7 - t6) / q * 1e9, acc, retry);
    }
    return 0;
}
#else
#include <stdio.h>

int main(int argc, char **argv) {
    (void)argc;
    fprintf(stderr, "%s: this probe measures AVX2 loads; build it for x86-64 with -mavx2\n", argv[0]);
    return 2;
}
#endif
