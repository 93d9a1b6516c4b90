# The Spotter app for docker-compose: the server serves the built dashboard and the API.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
ENV PORT=3000 HOST=0.0.0.0
EXPOSE 3000
CMD ["npx", "tsx", "src/main.ts"]
