import Testing
import TesseraCore
@testable import TesseraLua

/// A pasted block or long string is read in linear work: lines whose outcome is certain are
/// taken without compiling the statement again, and what the session does with any input is
/// what it did when it compiled every line.
@Suite struct ReplOpenStatementTests {
    typealias Run = ReplOpenTableTests.Run

    static func run(_ lines: [String], takes: Bool = true) throws -> (run: Run, compiledBytes: Int) {
        try ReplOpenTableTests.run(lines, takesStatementLines: takes)
    }

    static func bytes(_ lines: [String]) -> Int { lines.reduce(0) { $0 + $1.utf8.count + 1 } }

    static let bodies: [String: @Sendable (Int) -> [String]] = [
        "function": { n in ["function f(t)"] + (1...n).map { "  t[#t + 1] = \($0) * 2 -- item \($0)" } + ["  return t", "end", "print(#f({}))"] },
        "do": { n in ["do", "  local s = 0"] + (1...n).map { "  s = s + \($0)" } + ["  print(s)", "end"] },
        "if": { n in ["local x = 3", "if x == 0 then"] + (1...n).flatMap { ["  print(\($0))", "elseif x == \($0) then"] } + ["  print('last')", "else", "  print('none')", "end"] },
        "string": { n in ["s = [==["] + (1...n).map { "line \($0) ]] ]=] still inside" } + ["]==]", "print(#s)"] },
        "repeat": { n in ["local i = 0", "repeat", "  i = i + 1"] + (1...n).map { "  v\($0 % 10) = {i, \"x\", f = function(a, ...) return a end}" } + ["until i >= 2", "print(i)"] },
        "local function": { n in ["local function g(a, b)", "  local c = a"] + (1...n).map { _ in "  c = c + b; if c > 100 then c = 0 end" } + ["  return c", "end", "print(g(1, 2))"] },
    ]

    @Test(arguments: ["function", "do", "if", "string", "repeat", "local function"])
    func aLongStatementCompilesItsOwnSizeAFewTimes(kind: String) throws {
        let lines = Self.bodies[kind]!(3_000)
        let (run, compiled) = try Self.run(lines)
        #expect(run.err == [])
        #expect(compiled < 5 * Self.bytes(lines))
        // Compiling after every line reads about n² lines, and does what taking them does.
        let short = Self.bodies[kind]!(300)
        let reference = try Self.run(short, takes: false)
        #expect(reference.run == (try Self.run(short)).run)
        #expect(reference.compiledBytes > 100 * Self.bytes(short))
    }

    @Test func aLongFunctionRunsAsTyped() throws {
        let (run, _) = try Self.run(Self.bodies["function"]!(5_000))
        #expect(run.out == ["5000"])
        #expect(run.steps.filter { $0 == .more }.count == 5_002)
        let string = try Self.run(Self.bodies["string"]!(2))
        #expect(string.run.out == ["54"])   // two lines of 26 bytes, each with its newline
    }

    @Test func errorsNameTheirLinesWhenLinesAreTaken() throws {
        let unfinished = try Self.run(["function f()", "  print(1)"]).run
        #expect(unfinished.err == ["stdin:2: 'end' expected (to close 'function' at line 1) near <eof>"])
        #expect(unfinished.finished == "function f()\n  print(1)")
        let extra = try Self.run(["do", "  local x = 1", "end", "end"]).run
        #expect(extra.err == ["stdin:4: <eof> expected near 'end'"])
        let body = ["function g()"] + (2...39).map { "  x = \($0)" } + ["  x = = 40", "  y = 41", "end"]
        let (run, compiled) = try Self.run(body)
        #expect(run.err == ["stdin:40: unexpected symbol near '='", "stdin:42: <eof> expected near 'end'"])
        #expect(run.steps[38] == .more)
        #expect(run.steps[39] == .done(history: body[...39].joined(separator: "\n")))
        // Lines 2 to 39 were taken: line 1 and line 40 were compiled, then `y = 41` and `end`.
        #expect(compiled < 4 * Self.bytes(body))
    }

    /// Statements the fast path once left to the compiler at every line: an anonymous function
    /// running on past its line (as an argument, a field's or a local's value), `goto` and
    /// labels, `<const>` and `<close>` locals.
    static let wider: [String: @Sendable (Int) -> [String]] = [
        "argument": { n in ["t, n = {3, 1, 2}, 0", "table.sort(t, function(a, b)"] + (1...n).map { "  n = n + \($0 % 2)" } + ["  return a > b", "end)", "print(table.concat(t, ' '))"] },
        "field": { n in ["t = {}", "t.f = function(x)"] + (1...n).map { "  x = x + \($0 % 10)" } + ["  return x", "end", "print(t.f(1))"] },
        "local value": { n in ["local f = function(x)"] + (1...n).map { "  x = x + \($0 % 10)" } + ["  return x", "end", "print(f(1))"] },
        "goto": { n in ["s = 0", "for i = 1, 4 do", "  if i == 2 then goto continue end"] + (1...n).map { "  s = s + \($0 % 7)" } + ["  local last = i", "  ::continue::", "end", "print(s)"] },
        "attributes": { n in ["do", "  local k <const>, s = 2, 0", "  local c <close> = setmetatable({}, {__close = function() print('closed') end})"] + (1...n).map { "  s = s + k * \($0 % 3)" } + ["  print(s)", "end"] },
    ]

    /// What each of `wider`'s statements prints, with n lines inside.
    static func widerOutput(_ kind: String, _ n: Int) -> [String] {
        let sum = { (m: Int) in (1...n).reduce(0) { $0 + $1 % m } }
        switch kind {
        case "argument": return ["3 2 1"]
        case "field", "local value": return ["\(1 + sum(10))"]
        case "goto": return ["\(3 * sum(7))"]
        default: return ["\(2 * sum(3))", "closed"]
        }
    }

    @Test(arguments: ["argument", "field", "local value", "goto", "attributes"])
    func widerStatementsAreTakenToo(kind: String) throws {
        let lines = Self.wider[kind]!(3_000)
        let (run, compiled) = try Self.run(lines)
        #expect(run.out == Self.widerOutput(kind, 3_000))
        #expect(run.err == [])
        #expect(compiled < 5 * Self.bytes(lines))
        let short = Self.wider[kind]!(300)
        let reference = try Self.run(short, takes: false)
        #expect(reference.run.out == Self.widerOutput(kind, 300))
        #expect(reference.run == (try Self.run(short)).run)
        #expect(reference.compiledBytes > 100 * Self.bytes(short))
    }

    static let edges: [[String]] = [
        // Errors inside a block, at the line they are on; the lines after are statements of their own.
        ["function f()", "  x = 1", "  t.end = 2", "  y = 3", "end"],
        ["function f()", "  a.function = 1", "end"],
        ["function f()", "  x = = 1", "  print('after')", "end"],
        ["function f()", "  return 1", "  x = 2", "end"],
        ["function f()", "  return", "  x", "end"],
        ["function f()", "  break", "end"],
        ["function f(a)", "  print(...)", "end"],
        ["function f()", "  local k <const> = 1", "  k = 2", "end"],
        ["do", "  goto done", "  x = 1", "  ::done::", "end", "print(x)"],
        ["do", "  goto nowhere", "end"],
        ["do", "  local x = 1", "end", "end"],
        ["if x then", "  y = 1", "elseif", "  z then", "else", "else", "end"],
        ["if true then", "  print(1)", "else", "  print(2)", "elseif false then", "end"],
        ["function f()", "  x = 1 +", "  2", "  print(x)", "end", "f()", "print(x)"],
        ["function f()", "  t = {}", "  t", "  .a = 1", "  print(t.a)", "end", "f()"],
        ["do", "  t = {[\"end\"] = 1, [\"do\"] = 2}", "  print(t[\"end\"] + t[\"do\"])", "end"],
        ["repeat", "  local n = 1", "until", "  n == 1", "print('out')"],
        ["repeat", "  local n = 1", "until n", "  == 1", "print('out')"],
        ["local i = 0", "while true do", "  i = i + 1", "  if i > 2 then break end", "end", "print(i)"],
        ["for i = 1, 2 do", "  --[==[ a comment", "  ]] still", "  ]==] print(i)", "end"],
        ["function f()", "  local s = [[", "  text", "]] .. 'x'", "  return s", "end", "print(f())"],
        ["function f()", "  table.sort(t, function(a, b)", "    return a < b", "  end)", "  print('sorted')", "end"],
        ["function f()", "  print('x')", "  (print)('y')", "end", "f()"],
        ["local function h(n)", "  if n == 0 then return 0 end", "  return n + h(n - 1)", "end", "print(h(3))"],
        ["function f()", "  print(\"a\\z", "  b\")", "end", "f()"],
        ["function f()", "  x = 1", "end", "do"],
        ["function f()", "  print(1)"],
        ["s = [[", "abc", "def"],
        ["--[[ a", "comment", "]] print('after comment')"],
        ["function f()", "  local a, b = 1", "  return a, b;", "end", "print(f())"],
        ["function m.x:y(a)", "end"],
        ["function f() end; do", "  print(2)", "end"],
        // Anonymous functions running on past their line, in every place an expression goes.
        ["function f()", "  g(function()", "    print(1)", "  end, function()", "    print(2)", "  end)", "end"],
        ["f(function()", "  g(function()", "    x = 1", "  end)", "end)"],
        ["o = {}", "o.f = function()", "  return 1", "end", "print(o.f())"],
        ["u.f = function()", "  return 1", "end"],
        ["local f = function()", "  return 1", "end + 1"],
        ["print((function()", "  return 'v'", "end)())"],
        ["f = function() return 1 end; g = function(...)", "  return ...", "end", "print(f(), g(2))"],
        ["if false then", "elseif (function()", "  return true", "end)() then", "  print('yes')", "end"],
        ["t = {", "  f = function()", "    return 1", "  end,", "}", "print(t.f())"],
        ["x = f(function()", "  goto skip", "end)"],
        // `goto` and labels: jumps into a local's scope, labels seen twice, labels that end their block.
        ["do", "  goto x", "  local a = 1", "  ::x::", "  print(a)", "end"],
        ["do", "  goto x", "  local a = 1", "  ::x:: ;", "end", "print('ok')"],
        ["do", "  goto x", "  local a", "  ::x:: ::y::", "  z = 1", "end"],
        ["repeat", "  goto c", "  local a = 1", "  ::c::", "until true"],
        ["do", "  ::a::", "  do", "    ::a::", "  end", "end"],
        ["do", "  do goto a end", "  ::a::", "  print('a')", "end"],
        ["do", "  if x then", "    goto skip", "  else", "    print('else')", "  end", "  ::skip::", "  print('after')", "end"],
        ["while true do", "  goto out", "end"],
        ["local n = 0", "do", "  ::top::", "  n = n + 1", "  if n < 3 then goto top end", "  print(n)", "end"],
        ["function f()", "  goto nowhere", "end", "f()"],
        // `<const>` and `<close>` locals, and assigning them.
        ["do", "  local a <const>, b = 1, 2", "  b = 3", "  a = 4", "end"],
        ["do", "  local a <close>, b <close> = nil", "end"],
        ["do", "  local a <foo> = 1", "end"],
        ["function f()", "  local k <const> = 1", "  function k() end", "end"],
        ["do", "  local k <const> = 1", "  do", "    local k = 2", "    k = 3", "    print(k)", "  end", "end"],
        ["do", "  local k <const> = 1", "  local function g() k = 2 end", "end"],
        ["do", "  local c <close> = 42", "  print('in')", "end"],
    ]

    @Test(arguments: edges)
    func aTakenLineDoesWhatACompiledLineDid(lines: [String]) throws {
        #expect(try Self.run(lines).run == Self.run(lines, takes: false).run)
    }
}
