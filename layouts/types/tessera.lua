---@meta tessera

-- Type annotations for Tessera layout scripts, for lua-language-server (LuaLS).
--
-- Nothing here runs. `.luarc.json` at the repository root points the language server at this
-- folder, so an editor completes `t.`, `ctx.` and `ctx:` and checks the table a script
-- returns. To use them in your own project, add this folder to "workspace.library" in your
-- .luarc.json. Annotate the table a script returns, through a local (LuaLS does not read a
-- `---@type` written on a `return` statement):
--
--   ---@type tessera.Script
--   local layout = { params = { spacing = 8 }, simpleLayout = function(ctx, p) ... end }
--   return layout
--
-- The reference is docs/ at the repository root: docs/scripts.md for the script API, and
-- docs/sandbox.md for the sandbox. Scripts get `coroutine` and `getmetatable` (the string
-- metatable reads as false); they get no io, debug, package, dofile, loadfile, collectgarbage
-- or warn, and of os only clock, time and date; `load` takes text only. sandbox.lua, next to
-- this file, lists the globals exactly (a test keeps the list equal to the sandbox's).

------------------------------------------------------------------------------------------------
-- Values

---Insets: one number for every edge, or some edges by name (the others are 0).
---@alias tessera.Insets number|{top?: number, left?: number, bottom?: number, right?: number}

---@alias tessera.JustifyContent "start"|"center"|"end"|"spaceBetween"|"spaceAround"|"spaceEvenly"
---@alias tessera.AlignContent "start"|"center"|"end"|"spaceBetween"|"spaceAround"|"spaceEvenly"|"stretch"
---@alias tessera.AlignItems "start"|"center"|"end"|"stretch"

---A parameter value: what `--param k=v` can give (JSON, a comma list, or a string).
---@alias tessera.ParamValue number|boolean|string|table

---A frame a simpleLayout returns: `{x, y, w, h}`, or named `{x=, y=, w=, h=}` (or `width=`,
---`height=`).
---@alias tessera.Frame number[]|{x: number, y: number, w?: number, h?: number, width?: number, height?: number}

---A size for t.align: `{w, h}` or `{w=, h=}`.
---@alias tessera.ItemSize number[]|{w: number, h: number}

---Anything the decorators and t.sections take: a `t.*` value or a script table.
---@alias tessera.AnyLayout tessera.Layout|tessera.Script

------------------------------------------------------------------------------------------------
-- Layout values

---A layout built by the tessera module: a built-in layout, or a decorator around a layout.
---A script may return one instead of a table; it then takes no `--param`.
---@class tessera.Layout
local Layout = {}

---This layout with space around it (`t.inset`).
---@param insets tessera.Insets
---@return tessera.Layout
function Layout:inset(insets) end

---This layout with x and y swapped (`t.transpose`): a vertical layout becomes horizontal.
---@return tessera.Layout
function Layout:transposed() end

---This layout with some items pinned to the top of the viewport while their section scrolls
---(`t.sticky`).
---@param isSticky? fun(i: integer, item: tessera.Item?): boolean which items stick (default: odd indices, headers)
---@return tessera.Layout
function Layout:sticky(isSticky) end

---This layout with its visible rectangle grown or shrunk (`t.visibleFrameInset`); negative
---insets preload items just outside the viewport.
---@param insets tessera.Insets
---@return tessera.Layout
function Layout:visibleFrameInset(insets) end

---A script layout (one `load` returns, or made by `:with`) with other params, checked as
---`--param` is; a built-in layout takes its parameters in its constructor instead.
---@param params table<string, any>
---@return tessera.Layout
function Layout:with(params) end

---This layout with item sizes from Lua (`t.sized`): `size(item, i, pw, ph)` returns item i's
---w, h for the proposal pw x ph (item as `ctx:item(i)` gives it), so a built-in used inside a
---script lays out items of the script's sizes.
---@param size fun(item: tessera.Item?, i: integer, pw: number, ph: number): number, number
---@return tessera.Layout
function Layout:sized(size) end

------------------------------------------------------------------------------------------------
-- ctx

---A dataset section, as `ctx.sections` lists it and as t.sections shows it to its `sections`
---function (the same shape in both).
---@class tessera.Section
---@field id string|integer the section's id
---@field first integer index of the section's first item in this layout (1-based)
---@field count integer number of items in the section
---@field [string] any the section's other fields (`title`, ...)

---The table t.sections gives its `sections` function: the same as a `ctx.sections` entry.
---@alias tessera.SectionInfo tessera.Section

---What a layout sees while it lays out. Item indices are 1-based.
---@class tessera.Context
---@field width number width of the container (the viewport for the outermost layout)
---@field height number height of the container
---@field count integer number of items
---@field sections tessera.Section[] the dataset's sections that this layout covers (read-only)
local Context = {}

---Writes item `i`'s frame straight into the host's frame buffer: the fast way for a
---simpleLayout to give its frames. A plain function (no colon), so it can be kept in a local:
---`local set = ctx.set`. Each item must be set (the last call for an item wins); NaN,
---infinite or negative sizes are errors.
---@param i integer
---@param x number
---@param y number
---@param w number
---@param h number
function Context.set(i, x, y, w, h) end

---Options of ctx.supplementary and ctx.decoration.
---@class tessera.ElementOptions
---@field zIndex? integer drawing order, higher on top (supplementaries 1, decorations 0, items 0)
---@field pinned? boolean (supplementaries) sticks to the top of the visible area while its section is visible, pushed up by the section's end
---@field pinEdge? "top"|"bottom"|"left"|"right" (pinned supplementaries) the edge of the visible area it sticks to (default "top"); "bottom" pushed down by its section's start, "left" and "right" the same in x
---@field pinUntil? number (pinned supplementaries) the y where the pin ends: pushed up when its bottom reaches it, instead of at its dataset section's end (a group of the script's own)
---@field label? string (supplementaries) the text pictures write on it, instead of its section's title
---@field item? integer (supplementaries) the item a badge is anchored to, in that section

---Adds a header, footer, badge or any other supplementary of `kind` to the result. A plain
---function (no colon), like ctx.set. `section` is 1-based (an index into `ctx.sections`).
---@param kind string
---@param section integer
---@param x number
---@param y number
---@param w number
---@param h number
---@param opts? tessera.ElementOptions
function Context.supplementary(kind, section, x, y, w, h, opts) end

---Adds a decoration (a section background) of `kind` to the result. A plain function (no colon).
---@param kind string
---@param section integer
---@param x number
---@param y number
---@param w number
---@param h number
---@param opts? {zIndex?: integer}
function Context.decoration(kind, section, x, y, w, h, opts) end

---A dataset item, read-only: its fields as the data file gives them (`id`, `w`, `h`, `text`,
---...), read by name (`item.w`), with `pairs(item)` and `#item` (0) as on a table; assigning
---a field raises. `ctx:item(i)` gives a userdata (`tostring(item)` is "tessera.item: 0x...")
---so that no table is built per call: `next`, `rawget` and `type(item) == "table"` don't
---apply to it. `t.diff` and the other `t.*` that take item tables take these too. An item can
---be read while the layout pass that gave it runs; reading one kept after it raises.
---@class tessera.Item
---@field [string] any

---The dataset item `i` (a `tessera.Item`). Generated items (`tessera run` without `--data`)
---have no fields; without a dataset at all (a layout run from Swift on a bare count) this is nil.
---@param i integer
---@return tessera.Item?
function Context:item(i) end

---Every item's field `name` as one read-only array (entry i is `ctx:item(i)[name]`, nil where
---the item lacks it), built once per ctx: the fast way to read a field in a loop over items.
---@param name string
---@return table
function Context:column(name) end

---Which section item `i` is in (an index into `ctx.sections`) and its position there, both
---1-based.
---@param i integer
---@return integer section
---@return integer position
function Context:section(i) end

---Item `i`'s id, as in the dataset.
---@param i integer
---@return string|integer
function Context:id(i) end

---The size item `i` wants when offered `pw` x `ph` (default: the container), by the sizing
---rule (docs/datasets.md, "Sizing") or the script's own `size`. Images keep their aspect ratio and are never
---scaled up under the default rule.
---@param i integer
---@param pw? number proposed width
---@param ph? number proposed height
---@return number w
---@return number h
function Context:size(i, pw, ph) end

---The height of `text` wrapped to `width` by the built-in deterministic text measurer.
---@param text string
---@param width number
---@param opts? {fontSize?: number, lineHeight?: number} defaults 16 and 20
---@return number
function Context:textHeight(text, width, opts) end

---`text` wrapped to `maxWidth` by the same measurer as `ctx:textHeight`: the width of its
---widest line and its height.
---@param text string
---@param maxWidth number
---@param opts? {fontSize?: number, lineHeight?: number} defaults 16 and 20
---@return number w
---@return number h
function Context:textSize(text, maxWidth, opts) end

------------------------------------------------------------------------------------------------
-- The table a layout script returns

---A layout script (docs/scripts.md): return a table with either `simpleLayout`, or `frame` and
---`visible` (with an optional `layout`), or `build`.
---@class tessera.Script
---@field name? string shown in messages and output (default: the file name)
---@field params? table<string, tessera.ParamValue> params and their defaults; `--param k=v` overrides them, with the default's type; the table the functions get refuses any other name
---@field choices? table<string, (number|string)[]> the values a param allows (`{ mode = {"grid", "list"} }`): `--param` takes only these, the preview shows a menu
local Script = {}

---Computes every frame: call `ctx.set(i, x, y, w, h)` for each item and return nothing, or
---return an array of frames, one per item.
---@param ctx tessera.Context
---@param p table<string, any> the params: the defaults, with `--param` overrides (reading an undeclared name is an error)
---@return tessera.Frame[]?
function Script.simpleLayout(ctx, p) end

---Returns the layout to run, built with the tessera module, for the params (the defaults with
---`--param` overrides): how a script that composes `t.*` layouts takes parameters. Called on
---every layout pass.
---@param p table<string, any>
---@return tessera.Layout
function Script.build(p) end

---Returns the content size. Analytic form: called once per layout pass; without it the host
---asks `frame` for every item to find the content size. Next to `simpleLayout` (called after
---it): its `w, h` is the content size instead of the bounding box of the frames.
---@param ctx tessera.Context
---@param p table<string, any>
---@return number w
---@return number h
function Script.layout(ctx, p) end

---Analytic form: item `i`'s frame, on demand.
---@param i integer
---@param ctx tessera.Context
---@param p table<string, any>
---@return number x
---@return number y
---@return number w
---@return number h
function Script.frame(i, ctx, p) end

---Analytic form: the indices of the items whose frames overlap the rectangle (edges that only
---touch do not count). Extra indices are filtered out by the host; missing ones are missed.
---@param x number
---@param y number
---@param w number
---@param h number
---@param ctx tessera.Context
---@param p table<string, any>
---@return integer[]
function Script.visible(x, y, w, h, ctx, p) end

---Replaces the sizing rule for this script: the size of `item` when offered `pw` x `ph`.
---`ctx:size` calls it.
---@param item tessera.Item the dataset item (read-only)
---@param pw number
---@param ph number
---@param i integer the item's index (1-based)
---@return number w
---@return number h
function Script.size(item, pw, ph, i) end

-- A script table is a layout (docs/scripts.md, "Scripts as values"): once `require` returns it (or the host reads it as a
-- layout), it answers the layout methods too, unless it has a metatable of its own. A field the
-- script defines itself wins.

---This layout with space around it: `require("mosaic"):inset(8)` is `t.inset(require("mosaic"), 8)`.
---@param insets tessera.Insets
---@return tessera.Layout
function Script:inset(insets) end

---This layout with x and y swapped (`t.transpose`).
---@return tessera.Layout
function Script:transposed() end

---This layout with some items pinned to the top of the viewport (`t.sticky`).
---@param isSticky? fun(i: integer, item: tessera.Item?): boolean which items stick (default: odd indices, headers)
---@return tessera.Layout
function Script:sticky(isSticky) end

---This layout with its visible rectangle grown or shrunk (`t.visibleFrameInset`).
---@param insets tessera.Insets
---@return tessera.Layout
function Script:visibleFrameInset(insets) end

---This layout with item sizes from Lua (`t.sized`).
---@param size fun(item: tessera.Item?, i: integer, pw: number, ph: number): number, number
---@return tessera.Layout
function Script:sized(size) end

---This script layout with other params: `require("appstore"):with{ screen = "today" }`.
---Checked now, as `--param` is: an unknown name is an error listing the known ones.
---@param params table<string, any>
---@return tessera.Layout
function Script:with(params) end

------------------------------------------------------------------------------------------------
-- The tessera module: local t = require("tessera")

---@class tessera.FlowParams
---@field spacing? number sets lineSpacing and interitemSpacing
---@field lineSpacing? number gap between lines (default 0)
---@field interitemSpacing? number gap between items in a line (default 0)
---@field justifyContent? tessera.JustifyContent default "start"
---@field alignItems? tessera.AlignItems default "start"
---@field alignContent? tessera.AlignContent default "start"

---@class tessera.RowParams
---@field spacing? number default 0
---@field justifyContent? tessera.JustifyContent default "start"
---@field alignItems? tessera.AlignItems default "start"
---@field fill? string[] ids of the items that share the space left over
---@field alwaysFillEmptySpaces? boolean default true

---@class tessera.WaterfallParams
---@field columns? integer default 2
---@field spacing? number default 0

---@class tessera.SectionsParams
---@field sections? tessera.AnyLayout[]|table<string, tessera.AnyLayout>|(fun(index: integer, section: tessera.Section, env: tessera.Environment): tessera.AnyLayout?) a list (by position), a table keyed by section id, or a function called on every layout pass with the container's size in `env`; a function returning nil gets `default`
---@field default? tessera.AnyLayout the layout for sections `sections` does not cover
---@field layout? tessera.AnyLayout how the sections are arranged, one item per section (default: stacked vertically)
---@field spacing? number gap between stacked sections (default 0)
---@field header? tessera.Boundary|fun(index: integer, section: tessera.Section): tessera.Boundary? a "header" supplementary above every section (a function may return nil for none)
---@field footer? tessera.Boundary|fun(index: integer, section: tessera.Section): tessera.Boundary? a "footer" supplementary below every section

---A t.sections header or footer: as wide as the section, `height` tall.
---@class tessera.Boundary
---@field height number
---@field pinned? boolean sticks to the top of the visible area while its section scrolls by, pushed up by the section's end (default false)
---@field zIndex? integer drawing order, higher on top (default 1)

---@alias tessera.SplitSide "left"|"right"

---@class tessera.SplitBoundary
---@field height number 0 means none
---@field pinned? boolean stick to the top of the visible area until the section ends (default false)

---@class tessera.SplitSectionOverrides
---@field side? tessera.SplitSide
---@field sectionInset? tessera.Insets
---@field minimumInterItemSpacing? number
---@field minimumItemLineSpacing? number
---@field isNormalizingLineHeight? boolean

---@class tessera.SplitParams
---@field leftSideRatio? number|table<string, number>|fun(viewportWidth: number): number left : right = ratio : (1 - ratio), 0 to 1 (default 1); breakpoints `{["0"] = 1, ["700"] = 0.4}` or a function of the viewport width
---@field splitSpacing? number gap between the columns, ignored at ratio 0 or 1 (default 0)
---@field minimumInterItemSpacing? number default 0
---@field minimumItemLineSpacing? number default 0
---@field sectionInset? tessera.Insets default 0
---@field isNormalizingLineHeight? boolean every item of a row gets the row's tallest height (default false)
---@field pinHeaders? boolean pin every section header (default false)
---@field hideCollapsedSections? boolean at ratio 0 or 1, drop sections on the empty side as UICollectionViewSplitLayout does (default false: they flow into the other column)
---@field itemSize? number[] `{w, h}` for every item instead of the size rule
---@field side? tessera.SplitSide|tessera.SplitSide[]|table<string, tessera.SplitSide>|fun(index: integer, section: tessera.Section): tessera.SplitSide one side, a list by position, a table by section id, or a function (default: alternating, first on the left)
---@field sections? tessera.SplitSectionOverrides[]|table<string, tessera.SplitSectionOverrides>|fun(index: integer, section: tessera.Section): tessera.SplitSectionOverrides? per-section overrides
---@field header? number|tessera.SplitBoundary|fun(index: integer, section: tessera.Section): (number|tessera.SplitBoundary|nil) spans its column
---@field footer? number|tessera.SplitBoundary|fun(index: integer, section: tessera.Section): (number|tessera.SplitBoundary|nil) spans its column

---@class tessera
---@field builtins string[] names of the built-in layouts
local t = {}

---Items in lines that wrap, like CSS flexbox (`flex-wrap: wrap`).
---@param params? tessera.FlowParams
---@return tessera.Layout
function t.flow(params) end

---Items in one line; `fill` items stretch to use the space left.
---@param params? tessera.RowParams
---@return tessera.Layout
function t.row(params) end

---Masonry columns: each item goes into the shortest column.
---@param params? tessera.WaterfallParams
---@return tessera.Layout
function t.waterfall(params) end

---Every item fills the container, one on top of another.
---@param params? table
---@return tessera.Layout
function t.overlay(params) end

---`layout` with space around it.
---@param layout tessera.AnyLayout
---@param insets tessera.Insets
---@return tessera.Layout
function t.inset(layout, insets) end

---`layout` with x and y swapped.
---@param layout tessera.AnyLayout
---@return tessera.Layout
function t.transpose(layout) end

---`layout` with the items for which `isSticky(i)` is true pinned while they scroll.
---@param layout tessera.AnyLayout
---@param isSticky? fun(i: integer, item: tessera.Item?): boolean default: odd indices (headers before their items)
---@return tessera.Layout
function t.sticky(layout, isSticky) end

---`layout` with its visible rectangle changed by `insets`; negative insets preload.
---@param layout tessera.AnyLayout
---@param insets tessera.Insets
---@return tessera.Layout
function t.visibleFrameInset(layout, insets) end

---`layout` with item sizes from Lua: `size(item, i, pw, ph)` returns item i's w, h.
---@param layout tessera.AnyLayout
---@param size fun(item: tessera.Item?, i: integer, pw: number, ph: number): number, number
---@return tessera.Layout
function t.sized(layout, size) end

---A layout from one function: `fn(i, ctx)` returns item i's x, y, w, h.
---@param fn fun(i: integer, ctx: tessera.Context): number, number, number, number
---@return tessera.Layout
function t.closure(fn) end

---Sections in a left and a right column that stack independently, items in rows inside each
---section (UICollectionViewSplitLayout), with headers, footers and a background per section.
---@param params? tessera.SplitParams
---@return tessera.Layout
function t.split(params) end

---One layout per dataset section, the sections stacked (or arranged by `layout`).
---@param params tessera.SectionsParams
---@return tessera.Layout
function t.sections(params) end

---Where `count` items of total length `total` go in `length` (CollectionKit's
---LayoutHelper.distribute): the first offset, the gap between items, and how much to grow
---each item.
---@param mode tessera.AlignContent
---@param length number
---@param total number
---@param spacing number
---@param count integer
---@param rule? "collectionKit"|"css" how free space is shared (default "collectionKit")
---@return number offset
---@return number spacing
---@return number stretch
function t.distribute(mode, length, total, spacing, count, rule) end

---Aligns one item of `length` within a line (CollectionKit's alignItem); returns its start and
---length. With a list of sizes instead, lays them out along x from `x` with `spacing` and
---aligns each within the line, returning their frames `{x, y, w, h}`.
---@param alignment tessera.AlignItems
---@param length number
---@param lineStart number
---@param lineLength number
---@return number start
---@return number length
---@overload fun(alignment: tessera.AlignItems, sizes: tessera.ItemSize[], x: number, spacing: number, lineStart: number, lineLength: number): number[][]
function t.align(alignment, length, lineStart, lineLength) end

------------------------------------------------------------------------------------------------
-- The headless collection engine (providers and t.engine)

---A size rule for items: a rule name, `{w, h}` (numbers, or strings like "100%" for a share of
---the proposal), or a function of the item, its 1-based index and the proposal.
---@alias tessera.SizeRule "fit"|"fillWidth"|"intrinsic"|"fill"|(number|string)[]|fun(item: any, i: integer, pw: number, ph: number): number, number

---A view kind, tried in order: the first whose `when` accepts the item shows it.
---@class tessera.ViewKind
---@field kind string
---@field when? fun(item: any, i: integer): boolean
---@field size? tessera.SizeRule this kind's own size rule

---A provider: assigning `data`, `id`, `view` or `sections` schedules a reload of the engine
---showing it; assigning `layout` or `size` only a relayout.
---@class tessera.Provider
---@field data any[] the items (bound data of the views); a dataset (the REPL's `data`) keeps its sections, sizes and ids
---@field id? fun(item: any, i: integer): string|number default: item.id, else the 0-based index
---@field layout tessera.AnyLayout default t.flow{}
---@field size tessera.SizeRule default "fit"
---@field view string|tessera.ViewKind[] default "cell"
---@field tap? fun(item: any, i: integer) called with the local 1-based index; for a header, footer, badge or background of its layout with `{category =, kind =, section =}` and the section (1-based, within the provider)
---@field identifier? string prefixes the items' ids when the provider is a section
---@field sections tessera.Provider[]|tessera.ProviderSection[] child providers (t.composed, t.headers), or the data's sections (t.provider)
---@field animator? tessera.AnimatorValue animates this provider's views and its sections' (unless they have their own)

---A section of a provider's data, in order: `count` items after the sections before it
---(`first`, 1-based, may be given; `data.sections` of a dataset has this shape), an `id`
---(default: its 0-based position) and any other fields, read by `ctx:section(i)`.
---@class tessera.ProviderSection
---@field id? string|integer
---@field count integer
---@field first? integer

---@class tessera.ProviderParams
---@field data? any[]
---@field sections? tessera.ProviderSection[] default: the data's own sections (a dataset's), else one
---@field id? fun(item: any, i: integer): string|number
---@field layout? tessera.AnyLayout
---@field size? tessera.SizeRule
---@field view? string|tessera.ViewKind[]
---@field tap? fun(item: any, i: integer)
---@field identifier? string
---@field animator? tessera.AnimatorValue

---@class tessera.HeaderParams
---@field size? (number|string)[]|fun(header: {section: integer, id: string}, i: integer, pw: number, ph: number): number, number default { "100%", 44 }; a function gives w, h for header i in the proposal pw x ph
---@field view? string default "header"
---@field pinned? boolean default true: the header sticks to the top while its section is visible
---@field sticky? boolean another name for `pinned`
---@field tap? fun(header: {section: integer, id: string}, i: integer)

---What a view shows: a cell of an item, or a header, footer or badge (supplementary) or a
---background (decoration) of a section.
---@alias tessera.ViewCategory "cell"|"supplementary"|"decoration"

---An engine event: what a pass did to one view (indices and sections 1-based). An "adjust" event
---comes first in a pass that moved the content offset to keep its anchor: it has only `dx`, `dy`
---and `offset`.
---@class tessera.EngineEvent
---@field type "insert"|"delete"|"update"|"move"|"scroll"|"adjust"
---@field dx? number for "adjust": how far the offset moved
---@field dy? number for "adjust"
---@field offset? number[] for "adjust": the content offset {x, y} after the pass
---@field view integer
---@field category tessera.ViewCategory
---@field kind string a cell's view kind, else the element's ("header", "background", ...)
---@field id string|integer an integer id stays an integer; nested ids print as "0-1-a", elements as "<section id>-header"
---@field index? integer the item (a badge's item); absent for a section's header, footer or background
---@field section integer
---@field frame number[] {x, y, w, h}
---@field oldFrame? number[]
---@field removesView? boolean the view is gone after the pass: a delete, or an update that moves a view a reload or relayout pushed out of view
---@field addsView? boolean the view is new after the pass: an insert, or an update that moves in a view a relayout brought into view
---@field animation? tessera.Animation what the view's animator returned (absent: the view jumps)

---A visible view, in drawing order.
---@class tessera.EngineView
---@field view integer stable while visible
---@field category tessera.ViewCategory
---@field kind string
---@field id string|integer
---@field index? integer
---@field section integer
---@field frame number[] as drawn (pinned, or scrolled with its shelf)
---@field zIndex integer
---@field pinned? boolean true for an element that pins (a pinned header)
---@field data any

---@class tessera.Engine
---@field reloadCount integer
---@field contentSize number[] {w, h}
---@field offset number[] {x, y}
---@field viewport number[] {w, h}
---@field sectionOffsets table<integer, number[]> the offsets {x, y} of the sideways sections scrolled so far
---@field stats {created: integer, reused: integer}
---@field provider tessera.Provider assigning it schedules a reload
---@field animator? tessera.AnimatorValue the fallback after the providers' own; assigning it schedules a reload
---@field anchor tessera.ScrollAnchor what a reload keeps still on screen; assignable
---@field guides {safeArea: tessera.Insets, layoutMargins: tessera.Insets, readableWidth?: number}|nil the viewport's guides (read: a new table with every edge); assigning them (absent fields 0, nil for none) relayouts at the next pass
local Engine = {}
---Runs one pass (reload, else relayout, else load cells) and returns its events.
---@return tessera.EngineEvent[]
function Engine:layout() end
---@return tessera.EngineView[]
function Engine:views() end
---@return tessera.EngineEvent[]
---Sets the content offset (finite numbers; one past the content is taken as given, a bounce) and
---runs a pass.
function Engine:scroll(x, y) end
---@return tessera.EngineEvent[]
function Engine:resize(w, h) end
---The topmost view at a point (a cell, header, footer, badge or background; a shelf's card only
---where it shows through the shelf): calls its provider's tap handler; returns its index (nil
---for a section's element), id and view, or nil.
---@return integer?, (string|integer)?, tessera.EngineView?
function Engine:tap(x, y) end
---The frame {x, y, w, h} of an item as of the last pass, named as `e:scrollTo` names one (a
---1-based index, or an id as a string: an integer id by its text, "14"); an index out of range
---or an unknown id is an error, as in `e:scrollTo`.
---@param target integer|string
---@return number[]
function Engine:frame(target) end
---Scrolls an item (a 1-based index, or an id as a string: an integer id by its text, "14") to
---`position` and keeps it there through the passes that follow, as measurements arrive above it,
---until the next `e:scroll`.
---@param target integer|string
---@param position? "top"|"center"|"bottom"
---@return tessera.EngineEvent[]
function Engine:scrollTo(target, position) end
---Reports the size the host's view of an element really has (a cell's id, or an element id such
---as "0-header"): it replaces the size rule's for that element in every later pass, until a reload
---binds other data to it. `e:measure(id, nil)` forgets it; `e:measure{ {id, w, h}, ... }` reports
---several. An id may be spelled the other way (`0` for the default id "0", "14" for 14); an id
---that is exactly the one given wins. An id that no cell or header of the data as the last pass
---laid it out has is an error, and nothing is stored. Schedules a relayout; the next pass keeps
---the first visible cell in place.
---@overload fun(self: tessera.Engine, measurements: {[1]: string|integer, [2]: number, [3]: number}[])
---@param id string|integer
---@param w? number
---@param h? number
function Engine:measure(id, w, h) end
---Prints the visible views as letters, and a legend.
function Engine:show(columns) end
---Scrolls a section that scrolls sideways (orthogonal; 1-based) to its own offset x, y and runs a
---pass: its views move, enter and leave as they show through the section's scroller. With a
---velocity it comes to rest at the section's targetContentOffset for its paging behaviour.
---Pending work (the first pass, a reload) runs first; the events of both passes are returned.
---@param options? {velocity?: number|number[]}
---@return tessera.EngineEvent[]
function Engine:scrollSection(section, x, y, options) end

---A provider of data items.
---@param params tessera.ProviderParams
---@return tessera.Provider
function t.provider(params) end

---Providers as sections laid out by `layout` (default: stacked vertically); ids nest as "0-1-a".
---@param params {sections: tessera.Provider[], layout?: tessera.AnyLayout, identifier?: string}
---@return tessera.Provider
function t.composed(params) end

---A header above each section: a `header` supplementary (kind: `header.view`) of the section's
---first section, pinned while the section is on screen ("0-header").
---@param params {sections: tessera.Provider[], layout?: tessera.AnyLayout, header?: tessera.HeaderParams, identifier?: string}
---@return tessera.Provider
function t.headers(params) end

---A section with only a size.
---@param params {width?: number|string, height?: number|string}
---@return tessera.Provider
function t.spacer(params) end

---Shows `content`, or one placeholder view of kind `view` filling the viewport when it is empty.
---@param params {content: tessera.Provider, view?: string, tap?: fun()}
---@return tessera.Provider
function t.emptyState(params) end

---What a reload keeps still on screen: nothing (CollectionKit), the first visible cell (chat-style
---prepends), or the end of a bottom-anchored list while the viewport touches it.
---@alias tessera.ScrollAnchor "none"|"firstVisible"|"end"

---A headless collection view over a provider tree.
---@param params {provider?: tessera.Provider, viewport?: number[], anchor?: tessera.ScrollAnchor, keepFirstVisible?: boolean, animator?: tessera.AnimatorValue, safeArea?: tessera.Insets, layoutMargins?: tessera.Insets, readableWidth?: number}
---@return tessera.Engine
function t.engine(params) end

-- Animators and layout transitions ----------------------------------------------------------

---Animated view properties (a `from` or `to` of an animation).
---@class tessera.AnimatedState
---@field frame? number[] {x, y, w, h}
---@field alpha? number
---@field scale? number
---@field rotation? number radians
---@field tx? number
---@field ty? number
---@field zIndex? number

---What an animator hook returns: a missing `from` property starts at the view's current value,
---a missing `to` property ends at the layout's.
---@class tessera.Animation
---@field from? tessera.AnimatedState
---@field to? tessera.AnimatedState
---@field duration? number seconds (default: a spring's settle time, else 0.3; a spring given one settles in it)
---@field delay? number seconds
---@field curve? "linear"|"easeIn"|"easeOut"|"easeInOut"|"spring"
---@field damping? number a spring's damping ratio (default 0.8)
---@field response? number a spring's period in seconds (not with duration)
---@field transform? tessera.AnimatedState the look the view takes at once for this pass (no frame; alone in its description)

---What an animator hook is given (indices 1-based, frames {x, y, w, h}).
---@class tessera.AnimationEvent
---@field type "insert"|"delete"|"update"|"move"|"shift"|"scroll"
---@field category tessera.ViewCategory
---@field kind? string a header's, footer's, badge's or background's kind ("header", "background", ...); absent for a cell
---@field section? integer 1-based, for a header, footer, badge or background; absent for a cell
---@field index? integer absent for a section's header, footer or background
---@field id string|integer
---@field view integer
---@field frame number[]
---@field oldFrame? number[]
---@field visibleFrame number[]
---@field contentOffset number[]
---@field velocity number[] the offset's change since the last pass
---@field delta number[] the reload's offset adjustment (shift)
---@field reloadCount integer
---@field isReloading boolean
---@field onScreen boolean

---An animator table: hooks `fun(e, params)` returning an animation or nil.
---@class tessera.AnimatorTable
---@field name? string
---@field params? table<string, any> defaults that t.animator's params override
---@field insert? fun(e: tessera.AnimationEvent, p: table): tessera.Animation?
---@field delete? fun(e: tessera.AnimationEvent, p: table): tessera.Animation?
---@field update? fun(e: tessera.AnimationEvent, p: table): tessera.Animation?
---@field shift? fun(e: tessera.AnimationEvent, p: table): tessera.Animation?
---@field scroll? fun(e: tessera.AnimationEvent, p: table): tessera.Animation?

---@class tessera.Animator

---What `animator =` takes: an animator value, a name, or a table of hooks.
---@alias tessera.AnimatorValue tessera.Animator|string|tessera.AnimatorTable

---An animator: a built-in (`fade`, `scale`, `wobble`), a script in an `animators/` folder by
---name (`cascade`) or by path (`"my/pop.lua"`), or a table of hooks, with parameters over its
---defaults.
---@param animator string|tessera.AnimatorTable
---@param params? table<string, any>
---@return tessera.Animator
function t.animator(animator, params) end

---Every item's frame `progress` (0...1) of the way from one layout to another: the items of `to`
---in order, then those only in `from`. Items are frames ({x, y, w, h} or {x=, y=, w=, h=}) or
---{id =, frame =} tables (an item without an id is known by its position), or a result with
---:frames(). An item only in `to` fades in (alpha = progress), one only in `from` fades out.
---@param from table|userdata
---@param to table|userdata
---@param progress number
---@return {id: string|integer, frame: number[], alpha: number}[]
function t.transition(from, to, progress) end

-- Compositional layout (UIKit's UICollectionViewCompositionalLayout) -----------------------

---A dimension: a number is points, `"50%"` a fraction of the container on the same axis,
---`t.fw(f)` / `t.fh(f)` a fraction of its width / height on either axis, `t.estimated(n)` a
---length measured from the item's content (the item's size rule; text by the text measurer).
---@alias tessera.Dimension number|string|tessera.CompositionalPart
---A `{width, height}` pair of dimensions.
---@alias tessera.LayoutSize tessera.Dimension[]
---A spacing: a number is fixed, `t.flexible(n)` at least n and sharing the leftover length.
---@alias tessera.Spacing number|tessera.CompositionalPart
---Content insets: one value for every edge, or per edge. A number is points (0.5 is half a
---point, as in UIKit); a string "N%" is a fraction of the size on that axis ("15%" of the width).
---@alias tessera.DirectionalInsets number|string|{top?: number|string, leading?: number|string, bottom?: number|string, trailing?: number|string}
---@alias tessera.RectAlignment "none"|"top"|"topLeading"|"leading"|"bottomLeading"|"bottom"|"bottomTrailing"|"trailing"|"topTrailing"
---@alias tessera.OrthogonalScrolling "none"|"continuous"|"continuousGroupLeadingBoundary"|"paging"|"groupPaging"|"groupPagingCentered"

---An item, group, section, boundary item, decoration, dimension or flexible spacing.
---@class tessera.CompositionalPart

---@class tessera.ItemSupplementary
---@field kind? string default "badge"
---@field size tessera.LayoutSize sized in its host: the item's cell, or the group's frame
---@field anchor? tessera.RectAlignment the point on the host (default "topTrailing")
---@field itemAnchor? tessera.RectAlignment the point on the badge that meets it (default: the same)
---@field offset? number[]|string[] `{x, y}` in points, or `{"50%", "-50%"}` of the badge's size
---@field zIndex? integer default 1

---@class tessera.ItemParams
---@field size? tessera.LayoutSize default {"100%", "100%"}
---@field insets? tessera.DirectionalInsets content insets (ignored on an estimated axis)
---@field edgeSpacing? {leading?: tessera.Spacing, top?: tessera.Spacing, trailing?: tessera.Spacing, bottom?: tessera.Spacing}
---@field supplementaries? tessera.ItemSupplementary[] badges

---@class tessera.GroupParams
---@field size? tessera.LayoutSize default {"100%", "100%"}
---@field items tessera.CompositionalPart[] t.item{} values and nested groups, repeated cyclically
---@field spacing? tessera.Spacing between items
---@field count? integer N equal slots of the first item
---@field repeating? integer N copies of the one item at its own size, never resized (not with `count`)
---@field insets? tessera.DirectionalInsets
---@field edgeSpacing? {leading?: tessera.Spacing, top?: tessera.Spacing, trailing?: tessera.Spacing, bottom?: tessera.Spacing}
---@field supplementaries? tessera.ItemSupplementary[] anchored to the group's frame, following its first item

---@class tessera.CustomGroupParams
---@field provider fun(env: tessera.Environment): tessera.Frame[] the group's frames, relative to its origin
---@field size? tessera.LayoutSize default {"100%", "100%"}
---@field insets? tessera.DirectionalInsets the provider sees the size after them
---@field edgeSpacing? {leading?: tessera.Spacing, top?: tessera.Spacing, trailing?: tessera.Spacing, bottom?: tessera.Spacing}
---@field supplementaries? tessera.ItemSupplementary[] anchored to the group's frame, following its first item

---@class tessera.BoundaryParams
---@field kind? string default "header" ("footer" in a section's `footers`)
---@field size? tessera.LayoutSize default {"100%", 44}
---@field align? tessera.RectAlignment default "top" ("bottom" in `footers`)
---@field offset? number[] `{x, y}` in points
---@field pinned? boolean headers stick to the top while their section (or, layout-level, the content) is visible, footers to the bottom
---@field extendsBoundary? boolean default true: makes room instead of overlapping the content
---@field zIndex? integer default 1

---@class tessera.SectionParams
---@field group tessera.CompositionalPart
---@field interGroupSpacing? number
---@field insets? tessera.DirectionalInsets
---@field orthogonalScrolling? tessera.OrthogonalScrolling
---@field headers? tessera.CompositionalPart[] t.boundary{} values
---@field footers? tessera.CompositionalPart[] t.boundary{} values
---@field background? tessera.CompositionalPart a t.decoration{}
---@field decorations? tessera.CompositionalPart[]
---@field supplementariesFollowContentInsets? boolean default true
---@field visibleItemsHandler? fun(items: tessera.VisibleItem[], offset: {x: number, y: number}, env: tessera.Environment) changes alpha, scale, rotation, tx, ty and zIndex of the visible items at query time

---@class tessera.VisibleItem
---@field category "item"|"supplementary"|"decoration"
---@field kind string
---@field index? integer 1-based flattened index of the item (or of the item a badge is anchored to)
---@field frame number[] `{x, y, w, h}`; items of an orthogonal section at rest (offset is the section's)
---@field alpha number 0 to 1
---@field scale number
---@field rotation number radians
---@field tx number
---@field ty number
---@field zIndex integer

---The layout pass's environment, as a t.compositional section provider and a t.sections
---`sections` function get it: the container's size and that less the safe area across, and the
---direction the layout is read in: "rtl" under --rtl, and for t.compositional its own
---`layoutDirection` flipped by --rtl (an "rtl" one under --rtl reads "ltr").
---@class tessera.Environment
---@field width number
---@field height number
---@field effectiveWidth number
---@field effectiveHeight number
---@field layoutDirection "ltr"|"rtl"

---@class tessera.CompositionalParams
---@field section? tessera.CompositionalPart|fun(index: integer, section: tessera.Section, env: tessera.Environment): tessera.CompositionalPart
---@field sections? table<integer|string, tessera.CompositionalPart> by position or section id
---@field scrollDirection? "vertical"|"horizontal"
---@field interSectionSpacing? number
---@field layoutDirection? "ltr"|"rtl" "rtl" mirrors every frame
---@field headers? tessera.CompositionalPart[] t.boundary{} values of the whole layout (global headers)
---@field footers? tessera.CompositionalPart[] t.boundary{} values of the whole layout (global footers)

---UIKit's compositional layout: sections of repeated groups of items.
---@param params tessera.CompositionalParams
---@return tessera.Layout
function t.compositional(params) end

---@param params tessera.SectionParams
---@return tessera.CompositionalPart
function t.section(params) end

---A group placing its items left to right.
---@param params tessera.GroupParams
---@return tessera.CompositionalPart
function t.hgroup(params) end

---A group placing its items top to bottom.
---@param params tessera.GroupParams
---@return tessera.CompositionalPart
function t.vgroup(params) end

---A group whose frames `fn(env)` gives, relative to the group's origin; or, as a table,
---`{ provider = fn, size =, insets =, edgeSpacing =, supplementaries = }` (what other groups take).
---@param fn fun(env: tessera.Environment): tessera.Frame[] | tessera.CustomGroupParams
---@param size? tessera.LayoutSize default {"100%", "100%"}
---@return tessera.CompositionalPart
function t.customGroup(fn, size) end

---@param params tessera.ItemParams
---@return tessera.CompositionalPart
function t.item(params) end

---A section header or footer.
---@param params tessera.BoundaryParams
---@return tessera.CompositionalPart
function t.boundary(params) end

---A section background.
---@param params {kind?: string, insets?: tessera.DirectionalInsets, zIndex?: integer}
---@return tessera.CompositionalPart
function t.decoration(params) end

---A fraction of the container's width.
---@param fraction number
---@return tessera.CompositionalPart
function t.fw(fraction) end

---A fraction of the container's height.
---@param fraction number
---@return tessera.CompositionalPart
function t.fh(fraction) end

---An estimated length, measured from the item's content.
---@param estimate number
---@return tessera.CompositionalPart
function t.estimated(estimate) end

---An estimated length that grows to the largest measured length among its siblings (uniform on
---the same axis) in its group; on a section's outermost group, shared by all its groups.
---@param estimate number
---@return tessera.CompositionalPart
function t.uniformAcrossSiblings(estimate) end

---A flexible spacing of at least `minimum`.
---@param minimum number
---@return tessera.CompositionalPart
function t.flexible(minimum) end

------------------------------------------------------------------------------------------------
-- Diffing (t.diff)

---What t.diff compares: a dataset as the host gives it (the REPL's `data`), an array of ids
---(strings or integers) or of item tables with an `id`, `{items = {...}}`, or
---`{sections = {{id = ..., items = {...}}, ...}}` as in a JSON file. Ids are unique on each side.
---@alias tessera.DiffData table

---A change record: `op` is "move", "update", "delete" or "insert"; `at`, `from` and `to` are
---1-based `{section, item}` paths (section records: 1-based section indices); `fields` lists the
---fields an update changed.
---@class tessera.DiffChange
---@field op "move"|"update"|"delete"|"insert"
---@field id string|integer
---@field at? integer[]|integer
---@field from? integer[]|integer
---@field to? integer[]|integer
---@field fields? string[]

---The batch `tessera diff --format json` prints, with 1-based indices: one UIKit-safe batch
---(`sections` and `items`: deleted, inserted, moved, updated), `summary` counts, and the records
---`changes` and `sectionChanges`. With `staged = true`: `{stages = {...}}`, each stage a batch in
---the same form applied after the previous one, plus `after = {sections = {...}}`, the data it
---leaves.
---@class tessera.Diff
---@field sections? {deleted: integer[], inserted: integer[], moved: integer[][], updated: integer[]}
---@field items? {deleted: integer[][], inserted: integer[][], moved: integer[][][], updated: integer[][]}
---@field summary? {deleted: integer, inserted: integer, moved: integer, updated: integer, sections: table}
---@field changes? tessera.DiffChange[]
---@field sectionChanges? tessera.DiffChange[]
---@field stages? table[]

---The changes that turn `old` into `new`, as `tessera diff` computes them for two files: ids
---match items, an item whose other fields changed is updated. O(n + m).
---@param old tessera.DiffData
---@param new tessera.DiffData
---@param options? {staged?: boolean}
---@return tessera.Diff
function t.diff(old, new, options) end

------------------------------------------------------------------------------------------------
-- Layout tests (test files only: `*_test.lua` run by `tessera test`; see test.lua)

---A run's `run --format json` document (docs/cli.md): every key `tessera run` prints.
---@class tessera.RunDocument
---@field viewport number[]
---@field contentSize number[]
---@field items {id: string|integer, section: integer, frame: number[], zIndex?: integer}[]
---@field supplementaries table[]
---@field decorations? table[]
---@field orthogonal? table[]
---@field visible? integer[]
---@field visibleElements? table[]

---Lays `layout` out as `tessera run` does and returns its `run --format json` document as a
---table (its lists are Lua arrays; the indices and sections they hold are 0-based, as in the
---JSON). `layout` is a built-in name, a script name, a `.lua` path relative to the test file,
---or a layout value; `data` a dataset path relative to the test file or an array of items
---with ids (default: 100 generated items); `viewport` `{w, h}` (default 375x812); `offset`
---`{x, y}` adds `visible`; `rtl` mirrors the layout; `duplicates` is a data file's duplicate policy as `--duplicates` gives it; `sectionBy` groups the data by a field as `--section-by` does. Files outside the project are refused.
---Only in test files.
---@param layout string|tessera.AnyLayout
---@param options? {data?: string|table[], duplicates?: "reject"|"pairInOrder"|"suffix", sectionBy?: string, viewport?: number[], offset?: number[], params?: table<string, tessera.ParamValue>, sizing?: "fit"|"fillWidth"|"intrinsic"|"fill", rtl?: boolean, safeArea?: tessera.Insets, layoutMargins?: tessera.Insets, readableWidth?: number}
---@return tessera.RunDocument
function t.run(layout, options) end

return t
