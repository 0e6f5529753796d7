export { AI_CRAWLERS, SEARCH_ENGINES, BROWSER_USER_AGENT, aiCrawler, type Crawler, type CrawlerRole, type SearchEngine } from "./table";
export { botViewAgents, robotsTokens, type ViewAgent, type ViewRole, type RobotsToken } from "./views";
export { crawlerOf, productTokens } from "./match";
export { SITE_CRAWLER_TOKEN, crawlerUserAgent } from "./site-crawler";
