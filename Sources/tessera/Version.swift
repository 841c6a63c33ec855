/// What `tessera --version` prints. The one place the version is written: raise it here when a
/// release changes what the command does (the libraries have no version of their own; SwiftPM
/// takes theirs from the git tag a package depends on).
let tesseraVersion = "0.1.0"
