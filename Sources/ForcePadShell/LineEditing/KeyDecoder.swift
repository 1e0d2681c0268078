/// Turns the bytes a terminal sends in raw mode into ``Key``s, however the bytes are split
/// into reads: a sequence cut between two reads is finished by the next one.
///
/// Understood: printable UTF-8; CR, LF and CRLF as one ``Key/enter`` (an LF right after a
/// CR is dropped); 0x7F and 0x08 as backspace; tab; Ctrl-A, C, D, E, K, L, U, W; the arrow
/// keys (`ESC [ A`…`D` and `ESC O A`…`D`); Home (`ESC [ H`, `ESC [ 1 ~`, `ESC [ 7 ~`,
/// `ESC O H`); End (`ESC [ F`, `ESC [ 4 ~`, `ESC [ 8 ~`, `ESC O F`); Delete (`ESC [ 3 ~`).
/// Everything else becomes one ``Key/ignored`` per sequence or byte: NUL, other control
/// bytes, unknown or modified escape sequences, Alt-letter pairs, invalid UTF-8 (overlong
/// forms, surrogates, stray continuation bytes) and unprintable scalars.
///
/// State is a few integers: nothing is buffered. An escape sequence longer than
/// ``maxEscapeSequenceBytes`` is reported as ignored at that point and the rest of it is
/// skipped without being stored. A byte that cannot continue the sequence in progress
/// (a control byte inside `ESC [`, an ASCII byte inside a UTF-8 character) ends that
/// sequence as ignored and is then decoded on its own, so Enter is never lost.
public struct KeyDecoder: Sendable {
    /// Longest escape sequence decoded, in bytes including the ESC.
    public static let maxEscapeSequenceBytes = 16

    private enum State: Sendable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`, reading parameters.
        case controlSequence
        /// After `ESC O`.
        case singleShift
        /// Past ``maxEscapeSequenceBytes`` of a control sequence: skipping to its final byte.
        case skippingControlSequence
        /// Inside a multi-byte UTF-8 character.
        case utf8
    }

    private var state = State.ground
    /// True right after a CR: an LF next is the second half of CRLF.
    private var lineFeedEndsPreviousEnter = false
    /// Bytes of the unfinished sequence read so far (ESC and what follows, or UTF-8 bytes);
    /// below ``maxEscapeSequenceBytes`` at all times.
    public private(set) var pendingByteCount = 0

    /// First numeric parameter of the control sequence (0 when none), capped at 10 000.
    private var firstParameter = 0
    /// `;` separators seen in the control sequence.
    private var parameterSeparators = 0
    /// A private marker (`<`, `=`, `>`, `?`, `:`) or an intermediate byte was seen: not a key
    /// sequence this decoder knows.
    private var hasUnusualParameter = false

    /// Bits of the UTF-8 character gathered so far.
    private var scalarBits: UInt32 = 0
    /// Continuation bytes still expected.
    private var continuationBytesLeft = 0
    /// Smallest value the character's length may encode (rejects overlong forms).
    private var smallestScalarForLength: UInt32 = 0

    public init() {}

    /// True while a sequence is unfinished (after ESC, inside a UTF-8 character).
    public var hasPendingSequence: Bool { state != .ground }

    /// Decodes `bytes`, continuing any sequence left unfinished by the previous call.
    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes { decode(byte, into: &keys) }
        return keys
    }

    /// Decodes one byte, appending the keys it completes (none, one, or two when it ends a
    /// malformed sequence and is a key itself).
    public mutating func decode(_ byte: UInt8, into keys: inout [Key]) {
        let followsCarriageReturn = lineFeedEndsPreviousEnter
        lineFeedEndsPreviousEnter = false
        if followsCarriageReturn && byte == 0x0A && state == .ground { return }
        switch state {
        case .ground: decodeInGround(byte, into: &keys)
        case .escape: decodeAfterEscape(byte, into: &keys)
        case .controlSequence: decodeInControlSequence(byte, into: &keys)
        case .singleShift: decodeAfterSingleShift(byte, into: &keys)
        case .skippingControlSequence: skipControlSequence(byte, into: &keys)
        case .utf8: decodeContinuation(byte, into: &keys)
        }
    }

    /// Gives up an unfinished sequence, e.g. after the line has been quiet for a while so
    /// that a lone Escape key press does not swallow the next key. Returns
    /// ``Key/ignored`` if a sequence was pending, nil otherwise.
    public mutating func abandonPendingSequence() -> Key? {
        guard state != .ground else { return nil }
        returnToGround()
        return .ignored
    }

    private mutating func decodeInGround(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x01: keys.append(.controlA)
        case 0x03: keys.append(.controlC)
        case 0x04: keys.append(.controlD)
        case 0x05: keys.append(.controlE)
        case 0x08, 0x7F: keys.append(.backspace)
        case 0x09: keys.append(.tab)
        case 0x0A: keys.append(.enter)
        case 0x0B: keys.append(.controlK)
        case 0x0C: keys.append(.controlL)
        case 0x0D:
            keys.append(.enter)
            lineFeedEndsPreviousEnter = true
        case 0x15: keys.append(.controlU)
        case 0x17: keys.append(.controlW)
        case 0x1B:
            state = .escape
            pendingByteCount = 1
        case 0x20...0x7E: keys.append(.character(Unicode.Scalar(byte)))
        case 0xC2...0xDF: beginUTF8(bits: byte & 0x1F, continuationBytes: 1, smallest: 0x80)
        case 0xE0...0xEF: beginUTF8(bits: byte & 0x0F, continuationBytes: 2, smallest: 0x800)
        case 0xF0...0xF4: beginUTF8(bits: byte & 0x07, continuationBytes: 3, smallest: 0x1_0000)
        default: keys.append(.ignored)
        }
    }

    private mutating func decodeAfterEscape(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case UInt8(ascii: "["):
            state = .controlSequence
            pendingByteCount = 2
            firstParameter = 0
            parameterSeparators = 0
            hasUnusualParameter = false
        case UInt8(ascii: "O"):
            state = .singleShift
            pendingByteCount = 2
        case 0x1B:
            keys.append(.ignored)
        case 0x20...0x7E:
            keys.append(.ignored)
            returnToGround()
        default:
            abandon(byte, into: &keys)
        }
    }

    private mutating func decodeAfterSingleShift(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x20...0x7E:
            keys.append(Self.cursorKey(final: byte) ?? .ignored)
            returnToGround()
        default:
            abandon(byte, into: &keys)
        }
    }

    private mutating func decodeInControlSequence(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x20...0x3F:
            guard pendingByteCount + 1 < Self.maxEscapeSequenceBytes else {
                keys.append(.ignored)
                state = .skippingControlSequence
                pendingByteCount = 0
                return
            }
            pendingByteCount += 1
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if parameterSeparators == 0 {
                    firstParameter = min(firstParameter * 10 + Int(byte - UInt8(ascii: "0")), 10_000)
                }
            case UInt8(ascii: ";"): parameterSeparators += 1
            default: hasUnusualParameter = true
            }
        case 0x40...0x7E:
            keys.append(controlSequenceKey(final: byte))
            returnToGround()
        default:
            abandon(byte, into: &keys)
        }
    }

    private mutating func skipControlSequence(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x20...0x3F: break
        case 0x40...0x7E: returnToGround()
        default:
            returnToGround()
            decodeInGround(byte, into: &keys)
        }
    }

    private mutating func decodeContinuation(_ byte: UInt8, into keys: inout [Key]) {
        guard byte & 0xC0 == 0x80 else {
            abandon(byte, into: &keys)
            return
        }
        scalarBits = scalarBits << 6 | UInt32(byte & 0x3F)
        continuationBytesLeft -= 1
        pendingByteCount += 1
        guard continuationBytesLeft == 0 else { return }
        let bits = scalarBits
        let smallest = smallestScalarForLength
        returnToGround()
        if bits >= smallest, let scalar = Unicode.Scalar(bits), Self.isPrintable(scalar) {
            keys.append(.character(scalar))
        } else {
            keys.append(.ignored)
        }
    }

    private mutating func beginUTF8(bits: UInt8, continuationBytes: Int, smallest: UInt32) {
        state = .utf8
        pendingByteCount = 1
        scalarBits = UInt32(bits)
        continuationBytesLeft = continuationBytes
        smallestScalarForLength = smallest
    }

    /// Reports the unfinished sequence as ignored, then decodes `byte` on its own.
    private mutating func abandon(_ byte: UInt8, into keys: inout [Key]) {
        keys.append(.ignored)
        returnToGround()
        decode(byte, into: &keys)
    }

    private mutating func returnToGround() {
        state = .ground
        pendingByteCount = 0
    }

    /// The key for `ESC [` parameters and `final`: plain (unmodified) cursor keys and the
    /// `~` keys Home, End and Delete.
    private func controlSequenceKey(final: UInt8) -> Key {
        guard parameterSeparators == 0, !hasUnusualParameter else { return .ignored }
        if final == UInt8(ascii: "~") {
            switch firstParameter {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            default: return .ignored
            }
        }
        guard firstParameter <= 1 else { return .ignored }
        return Self.cursorKey(final: final) ?? .ignored
    }

    /// The key for the final byte of `ESC [ X` or `ESC O X`.
    private static func cursorKey(final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// False for controls (C0 and C1), format characters, line and paragraph separators,
    /// surrogates and unassigned code points: nothing that could garble the line.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: false
        default: true
        }
    }
}
