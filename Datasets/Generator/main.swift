print("dataset generator")
