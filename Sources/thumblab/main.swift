import ThumbLab

print("thumblab")
