"""Parse several documents into Markdown at once with the async client, showing page progress.

    pip install ./clients/python
    python examples/python/parse_async.py report.pdf scan.png

Writes <name>.md beside each input.
"""

import asyncio
import sys
from pathlib import Path

from docextract import AsyncClient


async def parse_one(client: AsyncClient, path: Path) -> None:
    def progress(done: int, total: int) -> None:
        print(f"{path.name}: {done}/{total} pages", file=sys.stderr)

    job = await client.parse(path, on_progress=progress)
    out = path.with_suffix(".md")
    out.write_text(job.result.content, encoding="utf-8")
    print(f"{path.name}: {job.result.page_count} pages -> {out}")
    await client.delete_job(job)
    await client.delete_file(job.file_id)


async def main(paths: list) -> None:
    async with AsyncClient() as client:
        await asyncio.gather(*(parse_one(client, Path(p)) for p in paths))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
