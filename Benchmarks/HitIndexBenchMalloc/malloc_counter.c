// Heap-allocation counting for hitindex-bench.
//
// The executable defines malloc and its relatives; because shared libraries (libswiftCore,
// Foundation, libc itself) reference them, the linker exports these definitions and every
// allocation in the process comes here. Each one forwards to glibc's own implementation through
// its exported __libc_* entry points (no dlsym, so no bootstrap recursion) and, when the calling
// thread has counting on, bumps a thread-local counter. Counting costs one TLS load per call.
//
// Only glibc exports those entry points. On Musl and Apple platforms (where malloc is replaced
// through zones or not at all) this file defines the same functions as no-ops and
// hib_available() returns 0, so the benchmark builds everywhere and says what it cannot measure.
#define _GNU_SOURCE
#include "HitIndexBenchMalloc.h"

#include <stddef.h>
#include <stdlib.h>  // brings in <features.h> on glibc, which defines __GLIBC__

#if defined(__GLIBC__)

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread int64_t tl_allocations __attribute__((tls_model("initial-exec")));
static __thread int tl_counting __attribute__((tls_model("initial-exec")));
static _Atomic int g_tracking;
static _Atomic int64_t g_live;
static _Atomic int g_seen;

static inline void note_alloc(void *p) {
    g_seen = 1;
    if (tl_counting) tl_allocations++;
    if (p && g_tracking) g_live += (int64_t)malloc_usable_size(p);
}

static inline void note_free(void *p) {
    if (p && g_tracking) g_live -= (int64_t)malloc_usable_size(p);
}

void *malloc(size_t n) {
    void *p = __libc_malloc(n);
    note_alloc(p);
    return p;
}

void *calloc(size_t n, size_t size) {
    void *p = __libc_calloc(n, size);
    note_alloc(p);
    return p;
}

void *realloc(void *old, size_t n) {
    if (old == NULL) return malloc(n);
    note_free(old);
    void *p = __libc_realloc(old, n);
    if (n != 0) note_alloc(p ? p : NULL);
    if (p == NULL && n != 0) {
        // The old block survives a failed realloc: restore its bytes.
        if (g_tracking) g_live += (int64_t)malloc_usable_size(old);
    }
    return p;
}

void free(void *p) {
    note_free(p);
    __libc_free(p);
}

void *memalign(size_t alignment, size_t n) {
    void *p = __libc_memalign(alignment, n);
    note_alloc(p);
    return p;
}

void *aligned_alloc(size_t alignment, size_t n) { return memalign(alignment, n); }

int posix_memalign(void **out, size_t alignment, size_t n) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = memalign(alignment, n);
    if (p == NULL && n != 0) return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t n) { return memalign((size_t)sysconf(_SC_PAGESIZE), n); }

void *pvalloc(size_t n) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return memalign(page, (n + page - 1) / page * page);
}

void hib_count_allocations(int on) { tl_counting = on; }
int64_t hib_thread_allocations(void) { return tl_allocations; }
void hib_track_live_bytes(int on) {
    if (on) g_live = 0;
    g_tracking = on;
}
int64_t hib_live_bytes(void) { return g_live; }
int hib_interposed(void) {
    g_seen = 0;
    void *p = malloc(1);  // an explicit call always lands here; what matters is g_seen below
    free(p);
    g_seen = 0;
    // strdup allocates inside libc: if libc's internal call reached our malloc, g_seen is set.
    extern char *strdup(const char *);
    char *s = strdup("x");
    int seen = g_seen;
    __libc_free(s);
    return seen;
}
int hib_available(void) { return 1; }
void hib_trim(void) { malloc_trim(0); }

#else  // not glibc: nothing is interposed and nothing is counted.

void hib_count_allocations(int on) { (void)on; }
int64_t hib_thread_allocations(void) { return 0; }
void hib_track_live_bytes(int on) { (void)on; }
int64_t hib_live_bytes(void) { return 0; }
int hib_interposed(void) { return 0; }
int hib_available(void) { return 0; }
void hib_trim(void) {}

#endif
