/// The shipped scripts by path below the repository (`layouts/waterfall.lua`), read through
/// `ScriptFiles` as the folder `<tessera>/`. Their bytes are the repository's own files,
/// compiled in by SwiftPM (`.embedInCode` in Package.swift, through the symlinks in
/// Scripts/Shipped); a script added to layouts/ or animators/ is named there and here, and
/// ShippedScriptsTests fails until it is.
enum ShippedScripts {
    static let files: [String: String] = {
        let bytes: [String: [UInt8]] = [
            "layouts/appstore.lua": PackageResources.appstore_lua,
            "layouts/emoji-split.lua": PackageResources.emoji_split_lua,
            "layouts/grid.lua": PackageResources.grid_lua,
            "layouts/justified.lua": PackageResources.justified_lua,
            "layouts/mosaic.lua": PackageResources.mosaic_lua,
            "layouts/rings.lua": PackageResources.rings_lua,
            "layouts/sectioned.lua": PackageResources.sectioned_lua,
            "layouts/timeline.lua": PackageResources.timeline_lua,
            "layouts/waterfall.lua": PackageResources.waterfall_lua,
            "animators/cascade.lua": PackageResources.cascade_lua,
            "animators/edge-shrink.lua": PackageResources.edge_shrink_lua,
            "animators/fade.lua": PackageResources.fade_lua,
            "animators/scale.lua": PackageResources.scale_lua,
            "animators/wobble.lua": PackageResources.wobble_lua,
            "animators/zoom.lua": PackageResources.zoom_lua,
        ]
        return bytes.mapValues { String(decoding: $0, as: UTF8.self) }
    }()
}
