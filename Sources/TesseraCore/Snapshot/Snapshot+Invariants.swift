extension Snapshot {
    #if TESSERA_INTERNAL_CHECKS
    /// Stops the program when an invariant of the type's documentation does not hold. O(n).
    @inline(never)
    func _checkInvariants() {
        precondition(checkInvariants(), "Snapshot: an invariant of its documentation does not hold")
    }
    #else
    /// Nothing: the checks are compiled in under TESSERA_INTERNAL_CHECKS only.
    @inline(__always)
    func _checkInvariants() {}
    #endif
}

extension SectionSnapshot {
    #if TESSERA_INTERNAL_CHECKS
    /// Stops the program when an invariant of the type's documentation does not hold. O(n).
    @inline(never)
    func _checkInvariants() {
        precondition(checkInvariants(), "SectionSnapshot: an invariant of its documentation does not hold")
    }
    #else
    /// Nothing: the checks are compiled in under TESSERA_INTERNAL_CHECKS only.
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
