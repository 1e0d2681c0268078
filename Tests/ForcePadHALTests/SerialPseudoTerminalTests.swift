import Glibc
import Testing

@testable import ForcePadHAL

@Suite struct SerialPseudoTerminalTests {
    @Test func theSubordinateSideIsADevicePathThatExists() throws {
        let terminal = try PseudoTerminal()
        #expect(terminal.subordinatePath.hasPrefix("/dev/pts/"))
        #expect(access(terminal.subordinatePath, F_OK) == 0)
        #expect(terminal.controllerDescriptor >= 0)
    }

    @Test func twoPairsHaveDifferentSubordinates() throws {
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        #expect(first.subordinatePath != second.subordinatePath)
    }

    @Test func theControllerDescriptorIsNonBlockingAndClosedOnExec() throws {
        let terminal = try PseudoTerminal()
        #expect(fcntl(terminal.controllerDescriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(terminal.controllerDescriptor, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func theControllerWaitsWhileTheSubordinateIsOpenButQuiet() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        var buffer = [UInt8](repeating: 0, count: 8)
        var span = buffer.mutableSpan
        #expect(try terminal.read(into: &span, timeoutMilliseconds: 20) == .timedOut)
        _ = consume port
    }

    @Test func theControllerSeesADisconnectWhenTheSubordinateCloses() throws {
        let terminal = try PseudoTerminal()
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        _ = consume port
        var buffer = [UInt8](repeating: 0, count: 8)
        var span = buffer.mutableSpan
        #expect(try terminal.read(into: &span, timeoutMilliseconds: 1_000) == .disconnected)
    }

    @Test func theSubordinateCanBeOpenedAgainAfterADisconnect() throws {
        let terminal = try PseudoTerminal()
        do {
            let first = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
            _ = consume first
        }
        let port = try SerialPort(devicePath: terminal.subordinatePath, baud: 115_200)
        #expect(try terminal.write(Array("again".utf8).span, timeoutMilliseconds: 1_000) == .written)
        var buffer = [UInt8](repeating: 0, count: 8)
        var span = buffer.mutableSpan
        #expect(try port.read(into: &span, timeoutMilliseconds: 1_000) == .received(byteCount: 5))
        #expect(Array(buffer[..<5]) == Array("again".utf8))
    }
}
