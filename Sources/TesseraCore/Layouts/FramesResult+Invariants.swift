extension FramesResult {
    /// What the type's storage promises (see its documentation), as the initialiser leaves it:
    /// one frame per item; sections starting at 0, in order, within the items; a block table
    /// naming each block's section; one box and one pin limit per element (a pinned element's box
    /// its sweep from its frame to its limit), then one box per orthogonal section, each listed once
    /// by its section; zIndex tables empty or one entry per item and per section. O(n + m).
    func invariantsHold() -> Bool {
        let sections = sectionStarts.count
        guard itemFrames.count == count, sections > 0, sectionStarts[0] == 0, sectionStarts[sections - 1] <= count,
              zip(sectionStarts, sectionStarts.dropFirst()).allSatisfy({ $0 <= $1 }) else { return false }
        guard sectionOfBlock.count == count >> Self.blockShift + 1 else { return false }
        for (block, section) in sectionOfBlock.enumerated() {
            let first = block << Self.blockShift, s = Int(section)
            guard sectionStarts.indices.contains(s), sectionStarts[s] <= first,
                  s + 1 == sections || sectionStarts[s + 1] > first else { return false }
        }
        guard otherBoxes.count == elements.count + orthogonalSections.count, limits.count == elements.count else { return false }
        for (k, e) in elements.enumerated() {
            let box = otherBoxes[k]
            if e.pinned ? box != Pinning.sweep(e.frame, edge: e.pinEdge, limit: limits[k]) : box != e.frame { return false }
        }
        for (k, o) in orthogonalSections.enumerated() where otherBoxes[elements.count + k] != o.frame { return false }
        guard itemZIndices.isEmpty ? sectionZIndices.isEmpty : itemZIndices.count == count && sectionZIndices.count == sections else {
            return false
        }
        guard orthogonalSections.isEmpty == orthogonalBySection.isEmpty, orthogonalSections.isEmpty == (orthogonalIndex == nil),
              orthogonalBySection.isEmpty || orthogonalBySection.count == sections,
              orthogonalBySection.filter({ $0 >= 0 }).count == orthogonalSections.count else { return false }
        return orthogonalSections.enumerated().allSatisfy { k, o in
            orthogonalBySection.indices.contains(o.section) && orthogonalBySection[o.section] == Int32(k)
        }
    }

    #if TESSERA_INTERNAL_CHECKS
    /// Stops the program when `invariantsHold()` is false. O(n + m).
    @inline(never)
    func _checkInvariants() {
        precondition(invariantsHold(), "FramesResult: an invariant of its storage does not hold")
    }
    #else
    /// Nothing: the checks are compiled in under TESSERA_INTERNAL_CHECKS only.
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
