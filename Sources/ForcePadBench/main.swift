print("forcepad-bench")
