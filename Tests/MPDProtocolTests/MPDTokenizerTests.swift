import MPDProtocol
import Testing

/// Request lines read as MPD reads them.
@Suite struct MPDTokenizerTests {
    @Test func bareAndQuotedArgumentsAreAccepted() throws {
        #expect(try MPDTokenizer.parse("setvol 60") == MPDRequest(name: "setvol", arguments: ["60"]))
        #expect(try MPDTokenizer.parse("seek \"0\"\t\"1.5\"") == MPDRequest(name: "seek", arguments: ["0", "1.5"]))
        #expect(try MPDTokenizer.parse("status") == MPDRequest(name: "status"))
    }

    @Test func escapesInQuotesStandForThemselves() throws {
        let request = try MPDTokenizer.parse(#"find "(Artist == \"A \\\\ B\")" """#)
        #expect(request.arguments == [#"(Artist == "A \\ B")"#, ""])
    }

    @Test func aLineNotStartingWithALowercaseLetterIsNoCommand() {
        for line in ["", " status", "Status", "GET / HTTP/1.1", "1play"] {
            #expect(throws: MPDTokenError.notACommand) { try MPDTokenizer.parse(line) }
        }
    }

    @Test func malformedArgumentsAreSentencesNamingTheCommand() {
        #expect(throws: MPDTokenError.badArgument(name: "add", message: "Missing closing '\"'")) {
            try MPDTokenizer.parse("add \"open")
        }
        #expect(throws: MPDTokenError.badArgument(name: "add", message: "Space expected after closing '\"'")) {
            try MPDTokenizer.parse("add \"a\"b")
        }
        #expect(throws: MPDTokenError.badArgument(name: "status", message: "Invalid word character")) {
            try MPDTokenizer.parse("status!")
        }
        #expect(throws: MPDTokenError.badArgument(name: "add", message: "Invalid unquoted character")) {
            try MPDTokenizer.parse("add it's")
        }
    }

    @Test func theArgumentCountIsBounded() throws {
        let fine = "x" + String(repeating: " 1", count: MPDTokenizer.maxArguments)
        #expect(try MPDTokenizer.parse(fine).arguments.count == MPDTokenizer.maxArguments)
        #expect(throws: MPDTokenError.badArgument(name: "x", message: "Too many arguments")) {
            try MPDTokenizer.parse(fine + " 1")
        }
    }
}
