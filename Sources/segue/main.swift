#if canImport(Glibc)
    import Glibc
#endif

// The composition root: parse the command line and hand over to one command.
exit(SegueCLI.run(Array(CommandLine.arguments.dropFirst())))
