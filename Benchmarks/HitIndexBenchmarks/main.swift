// The benchmark harness is being written; see Benchmarks/README.md.
print("hitindex-bench: not built yet")
