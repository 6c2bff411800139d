# Builds the one Mishwar binary with the web app embedded.
FROM node:20-bookworm AS web
WORKDIR /src/webapp
COPY webapp/package.json webapp/package-lock.json ./
RUN npm install --no-audit --no-fund --no-save
COPY webapp/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/webapp/dist ./webapp/dist
RUN CGO_ENABLED=0 go build -trimpath -o /out/mishwar ./cmd/mishwar

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/mishwar mishwar && mkdir -p /var/lib/mishwar && chown mishwar /var/lib/mishwar
COPY --from=build /out/mishwar /usr/local/bin/mishwar
USER mishwar
ENV MISHWAR_DATA_DIR=/var/lib/mishwar MISHWAR_ADDR=:8080
EXPOSE 8080
ENTRYPOINT ["mishwar"]
CMD ["serve"]
