import MusicModel
import Player

extension Session {
    /// The modes and queue edits MPD clients need (`single`, `consume`, `jump ENTRY TIME`,
    /// `move FIRST-LAST TO`, `swap`, `mix`), carried out on the player like every other command.
    func queueEdit(_ command: Command) throws -> CommandResult {
        throw CommandError.failed("\(command.verb.name) is not built yet.")
    }
}
