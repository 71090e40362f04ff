// swift-syntax: exponential lookahead on nested brackets (seconds at 22, minutes at 30)
let x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[
