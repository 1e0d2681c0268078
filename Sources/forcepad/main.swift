import ForcePadApp

ForcePadCLI.runAndExit()
