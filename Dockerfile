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
ENV DATA_DIR=/data
VOLUME /data
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/babyhandoff"]
