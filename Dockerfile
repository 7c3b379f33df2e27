# syntax=docker/dockerfile:1
# Build: docker build -t membot .
# Run:   docker run --rm -it -v membot-data:/data -e MEMBOT_MODEL=… -e OPENAI_API_KEY=… membot chat

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/membot ./cmd/membot \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/membot /usr/local/bin/membot
COPY --from=build --chown=65532:65532 /out/data /data
ENV MEMBOT_DATA_DIR=/data
VOLUME ["/data"]
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/membot"]
CMD ["run"]
