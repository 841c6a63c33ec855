// The `tessera` program. With the trait "CLI" (on by default) it runs the command line; a package
// that depends on Tessera with `traits: []` builds only this stub, so none of its builds ever
// compiles the command's code, which needs swift-argument-parser and FlyingFox.
#if CLI
import tessera

tesseraMain()
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let message = "tessera: this build has no command line (Tessera is a dependency with traits: [], which leaves out the trait CLI); build the command in a Tessera checkout: swift build --product tessera\n"
_ = message.withCString { write(2, $0, strlen($0)) }
exit(1)
#endif
