"""Extract JSON from a document with an extractor, and print it.

    pip install ./clients/python
    python examples/python/extract.py receipt.pdf --extractor receipt

DOCEXTRACT_URL (default http://127.0.0.1:8000) and DOCEXTRACT_TOKEN select the service.
Exits 1 with the job's error code when the job fails.
"""

import argparse
import json
import sys

from docextract import Client, ConflictError, JobCanceledError, JobFailedError, WaitTimeoutError


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a PDF, PNG or JPEG")
    parser.add_argument("--extractor", default="receipt", help="extractor name or id (default: receipt)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds to wait for the job")
    args = parser.parse_args()

    with Client() as client:
        file = client.upload(args.file)
        job = None
        try:
            job = client.extract(file, extractor=args.extractor, timeout=args.timeout)
            print(json.dumps(job.result.data.to_dict(), indent=2, ensure_ascii=False))
            return 0
        except (JobFailedError, JobCanceledError, WaitTimeoutError) as err:
            job = err.job
            print(f"{job.id}: {err.code}: {err.detail or ''}", file=sys.stderr)
            return 1
        finally:
            # Clean up: the job first (an active one is cancelled), then the file.
            if job is not None:
                client.delete_job(job)
            try:
                client.delete_file(file)
            except ConflictError:
                print(f"{file.id} is kept until its cancelled job is gone", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
