"""Validate game records on a Dask cluster and print what the command line's summary
line says, and the invalid records.

    python examples/dask_validate.py [--scheduler HOST:PORT] [--partitions N] PATH...

Without --scheduler, a local cluster of two worker processes is started. Files named
are cut into byte shards of 64 MB, folders shared out among the partitions by path
hash (see qipu.dask); every object is the one `qipu validate --format json` prints.
"""

import argparse
import collections

from dask.distributed import Client, LocalCluster

import qipu.dask


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--scheduler", help="a running scheduler's address")
    parser.add_argument("--partitions", type=int, default=None)
    args = parser.parse_args()
    cluster = None if args.scheduler else LocalCluster(n_workers=2, threads_per_worker=1)
    with Client(args.scheduler or cluster):
        bag = qipu.dask.validate_bag(args.paths, partitions=args.partitions)
        reports = bag.compute()
    if cluster is not None:
        cluster.close()
    codes = collections.Counter(
        d["code"] for r in reports for d in r["diagnostics"] if d["severity"] == "error"
    )
    invalid = [r for r in reports if not r["valid"]]
    print(f"{len(reports)} records, {len(reports) - len(invalid)} valid, {len(invalid)} invalid")
    for code, count in codes.most_common(5):
        print(f"  {code}: {count}")
    for report in invalid[:20]:
        first = next(d for d in report["diagnostics"] if d["severity"] == "error")
        print(f"{report['source']}#{report['index']}: {first['code']} at line {first['line']}: {first['message']}")


if __name__ == "__main__":
    main()
