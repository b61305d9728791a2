import { describe, expect, it } from "vitest";
import { shapeCatalog } from "../../../shape-libraries/catalog.ts";

/** Natural queries and a shape (`library:title`) that must be among the first three hits. */
const QUERIES: Array<[query: string, expected: string]> = [
  ["postgres", "aws4:Postgre SQL Instance"],
  ["k8s pod", "kubernetes:Pod"],
  ["azure function", "azure2:Function Apps"],
  ["s3 bucket", "aws2:S3 Bucket"],
  ["s3", "aws4:Simple Storage Service (S3)"],
  ["firewall", "cisco19:Firewall"],
  ["user", "aws4:User"],
  ["start event", "bpmn:None Start"],
  ["end event", "bpmn:End"],
  ["exclusive gateway", "bpmn:Exclusive"],
  ["user task", "bpmn:User Task"],
  ["load balancer", "cisco19:Load Balancer"],
  ["aws load balancer", "aws4:Elastic Load Balancing"],
  ["gcp load balancer", "gcp2:Load Balancing"],
  ["azure load balancer", "azure:Azure Load Balancer"],
  ["lambda", "aws4:Lambda"],
  ["lambda function", "aws4:Lambda Function"],
  ["kubernetes service", "kubernetes:SVC"],
  ["kubernetes ingress", "kubernetes:ING"],
  ["persistent volume", "kubernetes:PV"],
  ["mysql", "aws4:MySQL Instance"],
  ["redis", "azure2:Cache Redis"],
  ["kafka", "aws4:Managed Streaming for Kafka"],
  ["api gateway", "aws4:API Gateway"],
  ["virtual machine", "azure2:Virtual Machine"],
  ["router", "cisco19:Router"],
  ["cisco router", "cisco19:Router"],
  ["switch", "network:Switch"],
  ["laptop", "cisco19:Laptop"],
  ["database", "flowchart:Database"],
  ["queue", "aws4:Queue"],
  ["dynamodb", "aws4:DynamoDB"],
  ["cloudfront", "aws4:CloudFront"],
  ["azure sql database", "azure2:SQL Database"],
  ["gcp bigquery", "gcp2:BigQuery"],
  ["cloud storage", "gcp2:Cloud Storage"],
  ["pub sub", "gcp2:Cloud Pub/Sub"],
  ["decision", "flowchart:Decision"],
  ["document", "flowchart:Document"],
  ["manual input", "flowchart:Manual Input"],
  ["resistor", "electrical:Resistor"],
  ["capacitor", "electrical:Capacitor"],
  ["valve", "pid:Gate Valve"],
  ["pump", "pid:Pump (Centrifugal)"],
  ["door", "floorplan:Door"],
  ["iphone", "ios:iPhone (Portrait)"],
  ["vpc", "aws4:VPC"],
  ["nat gateway", "aws4:NAT Gateway"],
  ["container registry", "gcp2:Container Registry"],
  ["github", "webicons:Github"],
  ["email", "aws4:Email"],
  ["lamda", "aws4:Lambda"],
];

describe("shape search quality", () => {
  it(`has at least 40 queries (${QUERIES.length})`, () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(QUERIES)("%s → %s in the top 3", (query, expected) => {
    const top = shapeCatalog()
      .search(query, { limit: 3 })
      .map((hit) => `${hit.library}:${hit.title}`);
    expect(top).toContain(expected);
  });

  it('"load balancer" finds the AWS, Azure and GCP load balancers', () => {
    const hits = shapeCatalog().search("load balancer", { limit: 10 });
    const found = hits.map((h) => `${h.library}:${h.title}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "aws4:Elastic Load Balancing",
        "azure2:Load Balancers",
        "gcp2:Load Balancing",
      ]),
    );
    for (const hit of hits) expect(hit.style.length).toBeGreaterThan(10);
  });

  it("filters by library and finds nothing for nonsense", () => {
    const hits = shapeCatalog().search("lambda", { library: "aws3", limit: 5 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.library).toBe("aws3");
    expect(shapeCatalog().search("qwxzv")).toEqual([]);
  });
});
