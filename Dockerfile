# mipair's pairing service (`mipair serve`) in a small image: a non-root user, a health check.
#
# Build from wheels in dist/ (mipair's own, plus any dependency wheels for an offline build):
#   pip wheel --no-deps -w dist .                  # mipair's wheel; dependencies come from PyPI
#   docker build -t mipair .
# Offline (no registry, no index): every wheel in dist/ and a local base image:
#   pip wheel -w dist ".[service]"
#   docker build --network=none --build-arg BASE=my-local-python --build-arg PIP_OPTIONS=--no-index -t mipair .
# Run: docker run -p 8000:8000 mipair   (then http://localhost:8000/ and /docs)
ARG BASE=python:3.11-slim

FROM ${BASE} AS build
ARG PIP_OPTIONS=""
COPY dist/ /wheels/
RUN python3 -m venv /opt/mipair \
 && /opt/mipair/bin/pip install --no-cache-dir --disable-pip-version-check ${PIP_OPTIONS} \
      --find-links /wheels "mipair[service]" \
 && /opt/mipair/bin/pip uninstall -y -q pip

FROM ${BASE}
COPY --from=build /opt/mipair /opt/mipair
ENV PATH=/opt/mipair/bin:$PATH \
    HOME=/tmp \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    MIPAIR_SERVICE_WORKERS=2
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=4s --start-period=20s --retries=3 \
  CMD ["/opt/mipair/bin/python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=3)"]
ENTRYPOINT ["/opt/mipair/bin/mipair", "serve", "--host", "0.0.0.0", "--port", "8000"]
