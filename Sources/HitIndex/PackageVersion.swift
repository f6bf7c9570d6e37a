/// The package's version, as its release tag and the CHANGELOG name it: what `hitindex --version`
/// and `hitindex-bench --version` print and the benchmark's JSON records.
package enum PackageVersion {
    /// The semantic version of this source tree (`MAJOR.MINOR.PATCH`).
    package static let current = "0.1.0"
}
