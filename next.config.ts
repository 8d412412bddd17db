import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Answers and headers are ours to shape; no "X-Powered-By" advertising the stack.
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
