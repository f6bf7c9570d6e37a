//! Links the HitIndex C library that `swift build -c release` puts in `.build/release` (or the
//! folder `HITINDEX_LIB_DIR` names) and records that folder as the binary's run-time path. It
//! also hands the header's `HI_ABI_VERSION` to the crate (`HITINDEX_HEADER_ABI_VERSION`), which
//! `src/ffi.rs` compares at compile time with the ABI its hand-written declarations mirror: a
//! header that moved on fails the build instead of the run.
use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let dir = env::var("HITINDEX_LIB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| manifest.join("../../.build/release"));
    let dir = dir.canonicalize().unwrap_or_else(|e| {
        panic!("{}: {} (build the library first: swift build -c release --product HitIndexC)", dir.display(), e)
    });
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=HitIndexC");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:rerun-if-env-changed=HITINDEX_LIB_DIR");

    let header = manifest.join("../../include/hitindex.h");
    let text = fs::read_to_string(&header).unwrap_or_else(|e| panic!("{}: {}", header.display(), e));
    let version = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("#define HI_ABI_VERSION "))
        .map(|value| value.trim().trim_end_matches('u'))
        .unwrap_or_else(|| panic!("{}: no #define HI_ABI_VERSION", header.display()));
    println!("cargo:rustc-env=HITINDEX_HEADER_ABI_VERSION={}", version);
    println!("cargo:rerun-if-changed={}", header.display());
}
