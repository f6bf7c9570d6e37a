//! Links the HitIndex C library that `swift build -c release` puts in `.build/release` (or the
//! folder `HITINDEX_LIB_DIR` names) and records that folder as the binary's run-time path.
use std::env;
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
}
