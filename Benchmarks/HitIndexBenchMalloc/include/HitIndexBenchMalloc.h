#ifndef HITINDEX_BENCH_MALLOC_H
#define HITINDEX_BENCH_MALLOC_H

#include <stdint.h>

/// Starts or stops counting allocations made by the calling thread.
void hib_count_allocations(int on);
/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign, valloc) made by
/// the calling thread while counting was on, since the thread started.
int64_t hib_thread_allocations(void);
/// Starts or stops tracking live heap bytes, process-wide (malloc_usable_size of every block
/// allocated minus every block freed while tracking is on).
void hib_track_live_bytes(int on);
/// The live-byte balance accumulated while tracking was on.
int64_t hib_live_bytes(void);
/// 1 when this executable's malloc is the one the process uses (the interposition works).
int hib_interposed(void);
/// 1 where the interposer is built (glibc); 0 on Musl and Apple platforms, where every function
/// above does nothing and counts nothing.
int hib_available(void);
/// Gives the allocator's free memory back to the OS (glibc's malloc_trim(0)), so that a resident
/// size measured next is not lowered later by memory freed before; does nothing elsewhere.
void hib_trim(void);

#endif
