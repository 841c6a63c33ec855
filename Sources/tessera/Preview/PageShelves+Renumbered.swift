import TesseraCore
import TesseraRender

extension PageShelves {
    /// The shelves' offsets of a picture whose sections were `oldIDs` (each section's dataset id,
    /// by number), moved to the numbers their sections have in a picture whose sections are
    /// `newIDs` and of which the sections in `sideways` scroll sideways: a save that inserts,
    /// removes or regroups sections above a shelf renumbers it, and its offset follows it. An
    /// offset is dropped when its section is gone from the new picture, no longer scrolls
    /// sideways there, or is not a section of the old one. An id given more than once pairs its
    /// n-th section with the n-th of the new picture, as a diff of the data pairs them.
    /// O(old sections + new sections + offsets + sideways sections); nothing when there are no
    /// offsets.
    static func renumbered(_ offsets: [Int: Point], from oldIDs: [ItemID], to newIDs: [ItemID], sideways: [Int]) -> [Int: Point] {
        guard !offsets.isEmpty else { return [:] }
        let oldKeys = Occurrence.keys(of: oldIDs)
        // Occurrences are unique, so each old section has at most one new number.
        let newNumbers = Dictionary(uniqueKeysWithValues: Occurrence.keys(of: newIDs).enumerated().map { ($1, $0) })
        let scrolling = Set(sideways)
        var moved: [Int: Point] = [:]
        for (section, offset) in offsets where oldKeys.indices.contains(section) {
            guard let number = newNumbers[oldKeys[section]], scrolling.contains(number) else { continue }
            moved[number] = offset
        }
        return moved
    }

    /// The shelves' offsets of the picture `old`, at their sections' numbers in `new`.
    static func renumbered(_ offsets: [Int: Point], from old: LayoutRun, to new: LayoutRun) -> [Int: Point] {
        guard !offsets.isEmpty else { return [:] }
        return renumbered(offsets, from: old.dataset.sections.map(\.id), to: new.dataset.sections.map(\.id),
                          sideways: new.result.orthogonalSections.map(\.section))
    }

    /// The offsets a page's scroll gave for its shelves in the picture of generation `drawn`, at
    /// their sections' numbers in `current`, the last good picture: as given when they were
    /// checked against it (`checked`: it is the picture drawn), else carried by the section ids
    /// `recent` keeps of the two pictures, as a save carries them (a save may have replaced the
    /// picture while the message was on its way); none when it keeps no ids of the picture drawn.
    static func carried(_ offsets: [Int: Point], drawn: Int?, checked: Bool, to current: (generation: Int, run: LayoutRun)?,
                        recent: RecentSections) -> [Int: Point] {
        guard let drawn, let current, !offsets.isEmpty else { return [:] }
        if checked && drawn == current.generation { return offsets }
        guard let old = recent.ids(of: drawn), let new = recent.ids(of: current.generation) else { return [:] }
        return renumbered(offsets, from: old, to: new, sideways: current.run.result.orthogonalSections.map(\.section))
    }
}
