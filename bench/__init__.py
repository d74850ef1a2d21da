"""Benchmarks: each bench_*.py measures figures an issue asks for and writes JSON to bench/results/."""
