import FlyingSocks
import Logging

/// FlyingFox's log lines (connections opened and closed, requests, socket errors) at debug
/// level in forcepad's log (`log level debug` shows them), never on the console by themselves:
/// what a user must see (the start, a refused address) the ``ScopeServer`` says itself.
struct ScopeLogBridge: FlyingSocks.Logging {
    let logger: Logger

    func logDebug(_ debug: @autoclosure () -> String) { logger.debug("\(debug())") }
    func logInfo(_ info: @autoclosure () -> String) { logger.debug("\(info())") }
    func logWarning(_ warning: @autoclosure () -> String) { logger.debug("\(warning())") }
    func logError(_ error: @autoclosure () -> String) { logger.debug("\(error())") }
    func logCritical(_ critical: @autoclosure () -> String) { logger.debug("\(critical())") }
}
