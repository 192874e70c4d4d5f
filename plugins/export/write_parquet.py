"""Write JSONL rows to parquet with pyarrow: `write_parquet.py ROWS.jsonl OUT.parquet [ROWS OUT …]`.

Types are inferred the way `datasets.Dataset.from_list(...).to_parquet(...)` infers them (VERL's
own preprocessing scripts): nested dicts become structs, message lists lists of structs. Rows are
uniform by construction (prove-rl export): varying data is already a JSON string.
"""

import json
import sys

import pyarrow as pa
import pyarrow.parquet as pq


def main(argv):
    if len(argv) % 2 != 0 or not argv:
        sys.exit("usage: write_parquet.py ROWS.jsonl OUT.parquet [ROWS.jsonl OUT.parquet ...]")
    for rows_file, out in zip(argv[::2], argv[1::2]):
        with open(rows_file, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        pq.write_table(pa.Table.from_pylist(rows), out)


if __name__ == "__main__":
    main(sys.argv[1:])
