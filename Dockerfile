# mipair's pairing service (`mipair serve`): a non-root user, a health check, built offline.
#
#   deploy/docker/local-base.sh                 # the base and builder images (debootstrap), once
#   deploy/docker/build.sh [TAG] [EXTRAS]       # wheels, then docker build --network=none
#
# Layers, so that a change to mipair's code rebuilds only the last, small one:
#   1. the base: Debian bookworm's python3 (deploy/docker/local-base.sh, its packages checked
#      against deploy/docker/base-packages.txt; build.sh passes it as BASE by its image ID,
#      sha256:..., the digest of its content); or any Debian-based Python 3.11 image pinned by
#      its registry digest: --build-arg BASE=python:3.11-slim-bookworm@sha256:... and
#      BUILDER= the same image, which then needs binutils for `strip`;
#   2. the dependencies, every version pinned in deploy/docker/requirements-EXTRAS.txt,
#      installed from the wheels in dist/deps/ (no index), compiled; the polars runtime's
#      symbols stripped (40 MB; the other libraries are patched by auditwheel, which strip
#      would break);
#   3. mipair itself, from its wheel in dist/app/, compiled, and its `mipair` command (the
#      wheel's script, its `#!python` line pointed at the image's Python as an installer does):
#      the image runs `mipair serve`, the command the README documents.
# EXTRAS: `service` (the HTTP service) or `cluster` (also Dask's scheduler and workers, for
# `mipair check --cluster`; see deploy/kubernetes/dask.yaml).
# The desk's data (its SQLite database: accounts, tournaments, revisions) lives in the volume
# /data (MIPAIR_DATA), so that it outlives the container:
#   docker run -v mipair-data:/data -p 8000:8000 mipair:latest
# or in PostgreSQL: -e MIPAIR_DATABASE_URL=postgresql+psycopg://USER:PASSWORD@HOST/NAME.
ARG BASE=mipair-local-base:bookworm
ARG BUILDER=mipair-local-builder:bookworm

FROM ${BUILDER} AS deps
ARG EXTRAS=service
ARG PIP_OPTIONS=--no-index
COPY deploy/docker/requirements-${EXTRAS}.txt /build/requirements.txt
COPY dist/deps/ /build/wheels/
RUN python3 -m venv /opt/mipair \
 && /opt/mipair/bin/pip install --no-cache-dir --disable-pip-version-check ${PIP_OPTIONS} \
      --find-links /build/wheels -r /build/requirements.txt \
 && /opt/mipair/bin/pip uninstall -y -q pip setuptools \
 && site=$(echo /opt/mipair/lib/python3*/site-packages) \
 && rm -rf "$site"/swagger_ui/static/swagger-editor* "$site"/swagger_ui/static/*.map \
      "$site"/numpy/*/tests "$site"/numpy/tests "$site"/networkx/*/tests "$site"/networkx/*/*/tests \
 && find "$site"/_polars_runtime* -name '*.so' -type f -exec strip --strip-unneeded {} + \
 && /opt/mipair/bin/python -m compileall -q -j 0 "$site" \
 && /opt/mipair/bin/python -c "import numpy, polars, highspy, pysat.solvers; polars.DataFrame({'a': [1]}).sum()"

FROM deps AS app
COPY dist/app/ /build/app/
RUN mkdir -p /opt/mipair-app \
 && /opt/mipair/bin/python -c "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" \
      /build/app/mipair-*.whl /opt/mipair-app \
 && install -D -m 755 /opt/mipair-app/mipair-*.data/scripts/mipair /opt/mipair-app/bin/mipair \
 && sed -i '1s|^#!python$|#!/opt/mipair/bin/python|' /opt/mipair-app/bin/mipair \
 && rm -rf /opt/mipair-app/mipair-*.data \
 && /opt/mipair/bin/python -m compileall -q /opt/mipair-app/mipair

FROM ${BASE}
RUN mkdir -m 700 /data && chown 10001:10001 /data
COPY --from=deps /opt/mipair /opt/mipair
COPY --from=app /opt/mipair-app /opt/mipair-app
ENV PATH=/opt/mipair-app/bin:/opt/mipair/bin:$PATH \
    PYTHONPATH=/opt/mipair-app \
    HOME=/tmp \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    MIPAIR_DATA=/data
VOLUME /data
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=4s --start-period=30s --retries=3 \
  CMD ["/opt/mipair/bin/python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=3)"]
ENTRYPOINT ["/opt/mipair-app/bin/mipair"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
