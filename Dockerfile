# BabyHandoff in a container: a static binary on a minimal image, running as
# a non-root user, its embedded database on a volume at /data.
#   docker build -t babyhandoff --build-arg VERSION=$(git describe --always) .
#   docker run -d --name babyhandoff --restart unless-stopped --env-file .env -v babyhandoff-data:/data babyhandoff
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false -ldflags="-s -w -X main.version=${VERSION}" -o /out/babyhandoff ./cmd/babyhandoff \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/babyhandoff /usr/local/bin/babyhandoff
# The volume's first use copies this folder's owner: the nonroot user.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME /data
USER 65532:65532
# The folder is a flag, not only ENV DATA_DIR: "docker run --env-file .env" puts
# the .env's variables over the image's, and a flag wins over them all.
# Commands go after the image name: docker run … babyhandoff export --out /data/export
ENTRYPOINT ["/usr/local/bin/babyhandoff", "--data-dir", "/data"]
