import MusicModel
import Session

// Single and consume are the engine part's PlayerState fields; until its branch is merged they
// read as off. (Replaced by the real fields on merge.)
extension Snapshot {
    var singleMode: SingleMode { .off }
    var consumeMode: ConsumeMode { .off }
}
