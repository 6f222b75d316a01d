import Session

extension MPDCommands {
    /// `outputs`, `enableoutput`, `disableoutput`, `toggleoutput`, over the session's output
    /// (`Command.output`); a change raises the `output` idle event through the session.
    static var outputs: [MPDCommandSpec] {
        [
            MPDCommandSpec("outputs", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                guard case .outputs(let outputs) = try call.perform(.output(.list)) else {
                    throw MPDAck(.system, "The outputs did not answer.")
                }
                for output in outputs {
                    call.response.add("outputid", output.id)
                    call.response.add("outputname", output.name)
                    call.response.add("plugin", output.plugin)
                    call.response.add("outputenabled", output.enabled ? 1 : 0)
                }
            },
            switchOutput("enableoutput") { .enable($0) },
            switchOutput("disableoutput") { .disable($0) },
            switchOutput("toggleoutput") { .toggle($0) },
        ]
    }

    /// `NAME ID`: the output command `make` builds for the output numbered ID.
    private static func switchOutput(_ name: String, _ make: @escaping @Sendable (Int) -> OutputCommand) -> MPDCommandSpec {
        MPDCommandSpec(name, .admin) { call throws(MPDAck) in
            try call.expectArguments(1...1)
            let id = try call.unsigned(0)
            do throws(MPDAck) {
                try call.perform(.output(make(id)))
            } catch {
                throw error.code == .noExist ? MPDAck.noExist("No such audio output") : error
            }
        }
    }
}
