/// The shell's line editor for a terminal in raw mode (a serial console): takes ``Key``s from
/// a ``KeyDecoder`` and answers each with the screen update to send and, at the end of a
/// line, a ``LineEditorEvent``.
///
/// Keys: characters insert at the cursor; Backspace and Delete (Ctrl-D on a non-empty line)
/// delete; Left, Right, Home and End (Ctrl-A, Ctrl-E) move; Ctrl-K deletes to the end,
/// Ctrl-U to the start, Ctrl-W the word before the cursor; Ctrl-C abandons the line; Ctrl-L
/// clears the screen and redraws; Up and Down walk the history, keeping the line being
/// typed to come back to; Tab completes through the ``CompletionProvider``. The bell
/// answers a key that cannot be carried out: a character that would make the line longer
/// than its limit, Up at the oldest entry, Down when not in the history, a Tab without a
/// match. Editing a recalled entry makes it the line being typed.
///
/// Tab: one candidate replaces the partial word and adds a space; several extend the word
/// to their common prefix, and a second Tab in a row lists them above the prompt.
public struct LineEditor: Sendable {
    /// Shown before the line, e.g. `forcepad> `; may change between lines.
    public var prompt: String
    public let lineEnding: LineEnding
    public private(set) var buffer: LineBuffer
    public private(set) var history: LineHistory
    private let completionProvider: (any CompletionProvider)?
    private var renderer: TerminalRenderer
    /// Index in `history.entries` of the entry in the buffer, nil for the operator's own line.
    private var recalledEntry: Int?
    /// The operator's own line, kept while Up and Down show history entries.
    private var draft: [Unicode.Scalar] = []
    /// The previous key was a Tab that left several candidates: another Tab lists them.
    private var tabLeftSeveralCandidates = false

    /// - Parameters:
    ///   - maxLineBytes: longest line in UTF-8 bytes (the shell's limit by default).
    ///   - history: entries to recall with Up (e.g. read back with ``HistoryText``); those
    ///     longer than `maxLineBytes` are left out.
    ///   - columns: the terminal's width in columns.
    public init(
        prompt: String,
        maxLineBytes: Int = CommandLineTokenizer.maxLineBytes,
        history: LineHistory = LineHistory(),
        completionProvider: (any CompletionProvider)? = nil,
        lineEnding: LineEnding = .crlf,
        columns: Int = TerminalRenderer.defaultColumns
    ) {
        self.prompt = prompt
        self.lineEnding = lineEnding
        buffer = LineBuffer(maxBytes: maxLineBytes)
        self.history = LineHistory(
            entries: history.entries.filter { $0.utf8.count <= maxLineBytes }, capacity: history.capacity)
        self.completionProvider = completionProvider
        renderer = TerminalRenderer(columns: columns)
    }

    /// True while the prompt and line are on screen.
    public var isPromptShown: Bool { renderer.isLineShown }

    /// Draws the prompt and the line (empty after an event) if they are not already shown.
    public mutating func showPrompt() -> LineEditorResponse {
        respond(render())
    }

    /// Prints `lines` (each without its line ending) above the prompt and redraws the prompt
    /// and line below them with the cursor where it was; just the lines while the prompt is
    /// not shown.
    public mutating func printAbove(_ lines: [String]) -> LineEditorResponse {
        respond(renderer.printAbove(lines, prompt: prompt, line: buffer.scalars, cursor: buffer.cursor))
    }

    /// Carries out `key`.
    public mutating func handle(_ key: Key) -> LineEditorResponse {
        let followsAmbiguousTab = tabLeftSeveralCandidates
        tabLeftSeveralCandidates = false
        switch key {
        case .character(let scalar): return insert(CollectionOfOne(scalar))
        case .enter: return submit()
        case .backspace: return edit { $0.deleteBackward() }
        case .delete: return edit { $0.deleteForward() }
        case .controlD where buffer.isEmpty: return respond(renderer.finishLine(), event: .endOfInput)
        case .controlD: return edit { $0.deleteForward() }
        case .left: return move { $0.moveLeft() }
        case .right: return move { $0.moveRight() }
        case .home, .controlA: return move { $0.moveToStart() }
        case .end, .controlE: return move { $0.moveToEnd() }
        case .controlK: return edit { $0.deleteToEnd() }
        case .controlU: return edit { $0.deleteToStart() }
        case .controlW: return edit { $0.deleteWordBackward() }
        case .controlC: return abandon()
        case .controlL:
            return respond(renderer.redraw(prompt: prompt, line: buffer.scalars, cursor: buffer.cursor, clearingScreen: true))
        case .up: return recallOlderEntry()
        case .down: return recallNewerEntry()
        case .tab: return complete(followsAmbiguousTab: followsAmbiguousTab)
        case .ignored: return respond([])
        }
    }

    /// Applies a change to the buffer; a change ends history browsing (the recalled entry
    /// becomes the operator's own line).
    private mutating func edit(_ change: (inout LineBuffer) -> Void) -> LineEditorResponse {
        let before = buffer
        change(&buffer)
        if buffer != before { recalledEntry = nil }
        return respond(render())
    }

    /// Inserts at the cursor, or rings the bell if the line would grow past its limit.
    private mutating func insert(_ scalars: some Collection<Unicode.Scalar>) -> LineEditorResponse {
        guard buffer.insert(scalars) else { return respond([.bell]) }
        recalledEntry = nil
        return respond(render())
    }

    private mutating func move(_ change: (inout LineBuffer) -> Void) -> LineEditorResponse {
        change(&buffer)
        return respond(render())
    }

    private mutating func submit() -> LineEditorResponse {
        let line = buffer.text
        history.add(line)
        startNewLine()
        return respond(renderer.finishLine(), event: .submitted(line))
    }

    private mutating func abandon() -> LineEditorResponse {
        startNewLine()
        return respond(renderer.finishLine(marker: "^C"), event: .abandoned)
    }

    private mutating func startNewLine() {
        buffer.clear()
        recalledEntry = nil
        draft = []
    }

    private mutating func recallOlderEntry() -> LineEditorResponse {
        let index: Int
        if let recalled = recalledEntry {
            guard recalled > 0 else { return respond([.bell]) }
            index = recalled - 1
        } else {
            guard !history.entries.isEmpty else { return respond([.bell]) }
            draft = buffer.scalars
            index = history.entries.count - 1
        }
        return show(Array(history.entries[index].unicodeScalars), recalling: index)
    }

    private mutating func recallNewerEntry() -> LineEditorResponse {
        guard let recalled = recalledEntry else { return respond([.bell]) }
        if recalled + 1 < history.entries.count {
            return show(Array(history.entries[recalled + 1].unicodeScalars), recalling: recalled + 1)
        }
        return show(draft, recalling: nil)
    }

    /// Puts `line` in the buffer, cursor at the end; `recalling` is its history index.
    private mutating func show(_ line: [Unicode.Scalar], recalling index: Int?) -> LineEditorResponse {
        guard buffer.replaceAll(with: line) else { return respond([.bell]) }
        recalledEntry = index
        return respond(render())
    }

    private mutating func complete(followsAmbiguousTab: Bool) -> LineEditorResponse {
        guard let completionProvider else { return respond([.bell]) }
        let beforeCursor = buffer.scalars[..<buffer.cursor]
        let wordStart = beforeCursor.lastIndex(where: LineBuffer.isWordSeparator).map { $0 + 1 } ?? 0
        let partial = Array(beforeCursor[wordStart...])
        let precedingWords = beforeCursor[..<wordStart]
            .split(whereSeparator: LineBuffer.isWordSeparator)
            .map { String(String.UnicodeScalarView($0)) }
        var seen = Set<String>()
        let candidates = completionProvider
            .completions(precedingWords: precedingWords, partialWord: String(String.UnicodeScalarView(partial)))
            .filter { $0.unicodeScalars.starts(with: partial) && seen.insert($0).inserted }
        switch candidates.count {
        case 0:
            return respond([.bell])
        case 1:
            return insert(candidates[0].unicodeScalars.dropFirst(partial.count) + [" "])
        default:
            tabLeftSeveralCandidates = true
            let common = Self.commonPrefixLength(of: candidates)
            if common > partial.count {
                return insert(candidates[0].unicodeScalars.prefix(common).dropFirst(partial.count))
            }
            guard followsAmbiguousTab else { return respond([.bell]) }
            let listing = CompletionListing.lines(for: candidates, columns: renderer.columns)
            return printAbove(listing)
        }
    }

    /// Length in Unicode scalars of the prefix all of `words` share.
    private static func commonPrefixLength(of words: [String]) -> Int {
        let first = Array(words[0].unicodeScalars)
        return words.dropFirst().reduce(first.count) { length, word in
            zip(first.prefix(length), word.unicodeScalars).prefix { $0 == $1 }.count
        }
    }

    private mutating func render() -> [TerminalOperation] {
        renderer.update(prompt: prompt, line: buffer.scalars, cursor: buffer.cursor)
    }

    private func respond(_ operations: [TerminalOperation], event: LineEditorEvent? = nil) -> LineEditorResponse {
        LineEditorResponse(operations: operations, event: event, lineEnding: lineEnding)
    }
}
