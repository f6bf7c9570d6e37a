// Atomic operations on a machine word, for HitIndex's own atomics (`AtomicWord` in the HitIndex
// target). The Swift standard library's `Atomic` needs macOS 15 / iOS 18; these compile to the
// same instructions on every platform the package supports, back to its declared minimums.
//
// Each function takes a pointer to a word that only these functions touch; the memory order is
// in the name, so every call site states the order it relies on. Static inline: the Swift
// compiler inlines them like its own atomics (no call, no symbol exported).

#ifndef CHITINDEX_ATOMICS_H
#define CHITINDEX_ATOMICS_H

#include <stdint.h>

static inline uintptr_t hix_atomic_load_seq_cst(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

static inline uintptr_t hix_atomic_load_acquire(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void hix_atomic_store_release(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline void hix_atomic_store_seq_cst(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

static inline uintptr_t hix_atomic_exchange_seq_cst(uintptr_t *word, uintptr_t value) {
    return __atomic_exchange_n(word, value, __ATOMIC_SEQ_CST);
}

/// Adds `delta` (wrapping) and returns the new value.
static inline uintptr_t hix_atomic_add_seq_cst(uintptr_t *word, uintptr_t delta) {
    return __atomic_add_fetch(word, delta, __ATOMIC_SEQ_CST);
}

/// Subtracts `delta` (wrapping) and returns the new value.
static inline uintptr_t hix_atomic_subtract_seq_cst(uintptr_t *word, uintptr_t delta) {
    return __atomic_sub_fetch(word, delta, __ATOMIC_SEQ_CST);
}

/// Subtracts `delta` (wrapping) with acquire-release order and returns the new value: the
/// release makes this thread's writes visible to whoever sees the result, the acquire makes
/// every earlier subtractor's writes visible here (a reference count's last release).
static inline uintptr_t hix_atomic_subtract_acq_rel(uintptr_t *word, uintptr_t delta) {
    return __atomic_sub_fetch(word, delta, __ATOMIC_ACQ_REL);
}

/// A full fence: no memory access moves across it, in either direction.
static inline void hix_atomic_fence_seq_cst(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

#endif
