// Internal invariant checks, as swift-collections runs its own. A value type whose
// documentation lists invariants (`SpatialIndex`, `FramesResult`, `SplicedResult`, `Dataset`, `Snapshot`,
// `SectionSnapshot`) has a `_checkInvariants()` that its initialisers and mutations call.
// Under the compile-time flag TESSERA_INTERNAL_CHECKS it walks the whole value (O(n)) and stops
// the program with a precondition failure naming the type when an invariant does not hold;
// without the flag it compiles to nothing. Package.swift sets the flag in debug builds, so every
// `swift test` runs the checks; `swift build -c release -Xswiftc -DTESSERA_INTERNAL_CHECKS`
// turns them on in an optimised build (a fuzzer's or a benchmark's).

/// Whether this build runs the internal invariant checks (TESSERA_INTERNAL_CHECKS).
#if TESSERA_INTERNAL_CHECKS
let internalChecksEnabled = true
#else
let internalChecksEnabled = false
#endif
