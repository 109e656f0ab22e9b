import ThumbLab

print("import benchmark")
