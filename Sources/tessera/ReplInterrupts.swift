import CTerminal
import Foundation
import TesseraCore
import TesseraLua

/// Ctrl-C for an interactive session: a running line is stopped at its next Lua instruction
/// with "interrupted", and at the prompt the line being typed is dropped.
///
/// The SIGINT handler (CTerminal's Interrupts.c) only marks the interrupt and writes a byte to a
/// pipe, since a handler may do nothing else safely; a thread reading the pipe calls
/// `LuaHost.interrupt()`, which is safe from any thread. The handler is installed without
/// `SA_RESTART`, so a `readline()` waiting at the prompt returns NULL, and `takeInterrupt()`
/// tells that apart from the end of input.
final class ReplInterrupts {
    /// Whether Ctrl-C stops a running line: false when no thread could be started to do it
    /// (Ctrl-C still drops the line being typed).
    let stopsRunningLines: Bool

    private init(stopsRunningLines: Bool) { self.stopsRunningLines = stopsRunningLines }

    /// Installs the handler for the calling thread (the one that reads lines and runs Lua)
    /// and starts, through `startThread`, the thread that stops `host`'s calls. Nil if no pipe
    /// could be made.
    static func install(for host: LuaHost,
                        startThread: ThreadStarter = DetachedJob.startThread) -> ReplInterrupts? {
        let fd = tb_repl_catchinterrupts()
        guard fd >= 0 else { return nil }
        let target = InterruptTarget(host: host)
        let started = startThread {
            // This thread never takes SIGINT itself, so the prompt's read sees it.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGINT)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            var byte: UInt8 = 0
            while true {
                let n = read(fd, &byte, 1)
                if n == 1 {
                    guard let host = target.host else { return }
                    host.interrupt()
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        return ReplInterrupts(stopsRunningLines: started)
    }

    /// True, once, if Ctrl-C was pressed since the last call.
    func takeInterrupt() -> Bool { tb_repl_takeinterrupt() != 0 }
}

/// The host the interrupt thread stops, held weakly. `@unchecked Sendable`: that thread only
/// calls `LuaHost.interrupt()`, which is safe from any thread.
private struct InterruptTarget: @unchecked Sendable {
    weak var host: LuaHost?
}

/// The size of the terminal on a file descriptor.
enum ReplTerminal {
    /// Columns and rows of the terminal on `fd`, or nil if `fd` is not a terminal.
    static func size(of fd: Int32) -> (columns: Int, rows: Int)? {
        var columns: Int32 = 0, rows: Int32 = 0
        guard tb_repl_terminalsize(fd, &columns, &rows) == 0 else { return nil }
        return (Int(columns), Int(rows))
    }

    /// Whether the terminal on `fd` echoes a control key it takes as a signal, Ctrl-C as `^C`,
    /// where the cursor is (ECHO and ECHOCTL, as terminals start): false when `fd` is no terminal.
    static func echoesControlKeys(_ fd: Int32) -> Bool {
        var mode = termios()
        let echo = tcflag_t(ECHO) | tcflag_t(ECHOCTL)
        return tcgetattr(fd, &mode) == 0 && mode.c_lflag & echo == echo
    }
}
