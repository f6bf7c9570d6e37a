// The functions are static inline in the header; this file gives SwiftPM's C target a source.
#include "CHitIndexAtomics.h"
